// <time data-local> elements carry a UTC instant; show it in the viewer's zone, with UTC on hover
// (data-local="s": with seconds; data-relative: "5 min ago (…)").
const pad = (n) => String(n).padStart(2, '0');

function zoneName(d) {
  const part = new Intl.DateTimeFormat(undefined, { timeZoneName: 'short' }).formatToParts(d).find((p) => p.type === 'timeZoneName');
  return part ? part.value : '';
}

function relative(d, now) {
  const s = Math.round((d.getTime() - now) / 1000);
  const a = Math.abs(s);
  const [n, unit] = a < 60 ? [a, 's'] : a < 3600 ? [Math.round(a / 60), 'min'] : a < 86400 ? [Math.round(a / 3600), 'h'] : [Math.round(a / 86400), 'd'];
  return s < 0 ? `${n} ${unit} ago` : `in ${n} ${unit}`;
}

export function formatLocal(d, seconds) {
  const t = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}${seconds ? `:${pad(d.getSeconds())}` : ''}`;
  return `${t} ${zoneName(d)}`;
}

export function renderTimes(root) {
  const now = Date.now();
  for (const el of root.querySelectorAll('time[data-local]')) {
    const d = new Date(el.getAttribute('datetime'));
    if (Number.isNaN(d.getTime())) continue;
    const local = formatLocal(d, el.dataset.local === 's');
    if (!el.title) el.title = `${el.getAttribute('datetime').slice(0, 19).replace('T', ' ')} UTC`;
    el.textContent = el.dataset.relative ? `${relative(d, now)} (${local})` : local;
  }
}
