// <time data-local> elements carry a UTC instant; show it in the viewer's zone, with UTC on hover
// (data-local="s": with seconds; data-relative: "5 min ago (…)"). A page with a zone switch
// (select#time-zone-choice: browser, utc, or check = the page's data-check-zone) shows them in
// the chosen zone instead; the choice is remembered in localStorage.
const pad = (n) => String(n).padStart(2, '0');
const CHOICE_KEY = 'upmon.timeZone';

/** The zone times are shown in: undefined (the browser's), 'UTC', or the check's zone. */
function chosenZone() {
  const select = document.getElementById('time-zone-choice');
  if (!select) return undefined;
  if (select.value === 'utc') return 'UTC';
  if (select.value === 'check') return select.dataset.checkZone;
  return undefined;
}

function zoneName(d, timeZone) {
  const part = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'shortOffset' }).formatToParts(d).find((p) => p.type === 'timeZoneName');
  const name = part ? part.value : '';
  return /^GMT([+-]0)?$/.test(name) ? 'UTC' : name;
}

function partsIn(d, timeZone) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(d);
  const get = (t) => parts.find((p) => p.type === t)?.value ?? '';
  return { y: get('year'), mo: get('month'), da: get('day'), h: get('hour'), mi: get('minute'), s: get('second') };
}

/** Shows the zone switch (hidden without JavaScript), restores the remembered choice, re-renders on change. */
export function enableZoneChoice(root) {
  const select = root.getElementById?.('time-zone-choice');
  if (!select) return;
  select.closest('[hidden]')?.removeAttribute('hidden');
  try {
    const saved = localStorage.getItem(CHOICE_KEY);
    if (saved && [...select.options].some((o) => o.value === saved)) select.value = saved;
  } catch {
    /* storage refused: the default */
  }
  select.addEventListener('change', () => {
    try {
      localStorage.setItem(CHOICE_KEY, select.value);
    } catch {
      /* not remembered */
    }
    renderTimes(document);
  });
}

function relative(d, now) {
  const s = Math.round((d.getTime() - now) / 1000);
  const a = Math.abs(s);
  const [n, unit] = a < 60 ? [a, 's'] : a < 3600 ? [Math.round(a / 60), 'min'] : a < 86400 ? [Math.round(a / 3600), 'h'] : [Math.round(a / 86400), 'd'];
  return s < 0 ? `${n} ${unit} ago` : `in ${n} ${unit}`;
}

export function formatLocal(d, seconds, timeZone) {
  const p = partsIn(d, timeZone);
  return `${p.y}-${p.mo}-${p.da} ${p.h}:${p.mi}${seconds ? `:${p.s}` : ''} ${zoneName(d, timeZone)}`;
}

export function renderTimes(root) {
  const now = Date.now();
  const timeZone = chosenZone();
  for (const el of root.querySelectorAll('time[data-local]')) {
    const d = new Date(el.getAttribute('datetime'));
    if (Number.isNaN(d.getTime())) continue;
    const local = formatLocal(d, el.dataset.local === 's', timeZone);
    if (!el.title) el.title = `${el.getAttribute('datetime').slice(0, 19).replace('T', ' ')} UTC`;
    if (!el.dataset.relative) el.textContent = local;
    else {
      // The moment itself in a span of its own: phones' dashboard rows show only "5 min ago".
      const moment = document.createElement('span');
      moment.className = 'moment';
      moment.textContent = ` (${local})`;
      el.replaceChildren(relative(d, now), moment);
    }
  }
}

/**
 * Forms that read a local time on the server ("snooze until tomorrow 09:00") carry the zone the
 * page shows times in: an <input name="tz"> in a form[data-chosen-zone] gets the chosen zone (the
 * browser's by default) when the form is sent. Without this script the server's default stands.
 */
export function enableChosenZoneFields(root) {
  root.addEventListener('submit', (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-chosen-zone')) return;
    const field = form.elements.namedItem('tz');
    if (!(field instanceof HTMLInputElement)) return;
    const zone = chosenZone() ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone) field.value = zone;
  });
}
