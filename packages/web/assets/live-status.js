// Pages with <body data-poll="URL"> refresh their checks' statuses every few seconds without a
// reload: rows [data-check-id] have cells [data-field=status|last_ping_at|next_deadline_at].
import { renderTimes } from './local-time.js';

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
