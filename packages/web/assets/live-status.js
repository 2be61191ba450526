// Pages with <body data-poll="URL"> refresh their checks' statuses every few seconds without a
// reload: rows [data-check-id] have cells [data-field=status|last_ping_at|next_deadline_at].
// When a check changed (a ping, a flip), a check page (<body data-live-version>) reloads its
// regions [data-live=name] from a fresh copy of itself (pings, status changes, last run, uptime),
// and a dashboard updates its counts by status.
import { renderTimes } from './local-time.js';
import { enableCopyButtons } from './copy-buttons.js';

const INTERVAL_MS = 3000;
const LOOKS = { up: ['●', 'up'], late: ['▲', 'late'], down: ['■', 'down'], paused: ['❚❚', 'paused'], new: ['○', 'new'] };

function setStatus(cell, status) {
  const badge = cell.querySelector('.status');
  if (!badge || badge.dataset.status === status) return;
  const [icon, label] = LOOKS[status] || ['?', status];
  badge.className = `status status-${status}`;
  badge.dataset.status = status;
  badge.querySelector('.status-icon').textContent = icon;
  badge.querySelector('.status-label').textContent = label;
}

function setTime(cell, iso) {
  const time = cell.querySelector('time');
  if (!iso) {
    cell.innerHTML = '<span class="muted">—</span>';
    return;
  }
  if (time && time.getAttribute('datetime') === iso) return;
  const t = document.createElement('time');
  t.setAttribute('datetime', iso);
  t.dataset.local = '';
  if (cell.dataset.relative) t.dataset.relative = '1';
  cell.replaceChildren(t);
}

const versionOf = (c) => `${c.status}|${c.last_ping_at ? Date.parse(c.last_ping_at) : ''}`;

/** Replaces the page's [data-live] regions with those of a fresh copy (not one holding the focus). */
async function refreshRegions() {
  const res = await fetch(location.href, { headers: { accept: 'text/html' }, credentials: 'same-origin' });
  if (!res.ok) return;
  const fresh = new DOMParser().parseFromString(await res.text(), 'text/html');
  for (const region of fresh.querySelectorAll('[data-live]')) {
    const old = document.querySelector(`[data-live="${region.dataset.live}"]`);
    if (!old || old.contains(document.activeElement)) continue;
    const open = new Set([...old.querySelectorAll('details[open][data-key]')].map((d) => d.dataset.key));
    const copy = document.importNode(region, true);
    for (const d of copy.querySelectorAll('details[data-key]')) if (open.has(d.dataset.key)) d.open = true;
    old.replaceWith(copy);
    enableCopyButtons(copy);
  }
  renderTimes(document);
}

/** A dashboard's "Checks by status" counts; a status appearing or disappearing reloads the regions. */
function setCounts(checks) {
  const items = document.querySelectorAll('.summary-item');
  if (items.length === 0) return;
  const counts = {};
  for (const c of checks) counts[c.status] = (counts[c.status] || 0) + 1;
  const shown = new Set();
  for (const item of items) {
    const status = item.querySelector('.status')?.dataset.status;
    if (!status) continue;
    shown.add(status);
    const n = counts[status] || 0;
    item.hidden = n === 0;
    const text = [...item.childNodes].reverse().find((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim() !== '');
    if (text && text.textContent.trim() !== String(n)) text.textContent = ` ${n}`;
  }
  // A status with no link yet (the first check down): the counts come from a fresh copy.
  if (Object.keys(counts).some((s) => !shown.has(s))) refreshRegions();
}

function apply(data) {
  const known = new Set();
  for (const c of data.checks) {
    known.add(c.id);
    for (const row of document.querySelectorAll(`[data-check-id="${c.id}"]`)) {
      const s = row.querySelector('[data-field=status]');
      if (s) setStatus(s, c.status);
      const l = row.querySelector('[data-field=last_ping_at]');
      if (l) setTime(l, c.last_ping_at);
      const n = row.querySelector('[data-field=next_deadline_at]');
      if (n) setTime(n, c.next_deadline_at);
    }
  }
  renderTimes(document);
  if (data.title) document.title = data.title;
  setCounts(data.checks);
  const body = document.body;
  const check = data.checks[0];
  if (body.dataset.liveVersion !== undefined && check && versionOf(check) !== body.dataset.liveVersion) {
    body.dataset.liveVersion = versionOf(check);
    // The tab says whether the check is down: "(down) Backups · upmon".
    document.title = `${check.status === 'down' ? '(down) ' : ''}${document.title.replace(/^\(down\) /, '')}`;
    refreshRegions();
  }
  const notice = document.getElementById('live-notice');
  if (notice) {
    const shown = [...document.querySelectorAll('tr[data-check-id]')].map((r) => r.dataset.checkId);
    const added = data.checks.some((c) => !shown.includes(c.id)) && document.body.dataset.pollAll === '1';
    notice.hidden = !added;
  }
}

export function startLiveStatus(body) {
  const url = body.dataset.poll;
  if (!url) return;
  let timer;
  const tick = async () => {
    try {
      const res = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
      if (res.ok) apply(await res.json());
    } catch {
      /* offline for a moment: try again next tick */
    }
    timer = setTimeout(tick, document.hidden ? INTERVAL_MS * 5 : INTERVAL_MS);
  };
  timer = setTimeout(tick, INTERVAL_MS);
  document.addEventListener('visibilitychange', () => {
    if (!document.hidden) {
      clearTimeout(timer);
      tick();
    }
  });
}
