// The check form: shows the fields of the chosen schedule kind (and of http checks), and previews
// the next run times as one types, from the app's /schedule-preview (the server's own schedule math).
function showKind(form) {
  const kind = form.querySelector('[name="schedule.kind"]');
  if (!kind) return;
  for (const fs of form.querySelectorAll('[data-schedule-kind]')) fs.hidden = fs.dataset.scheduleKind !== kind.value;
}

// Probe fields shown only with a ticked checkbox (TLS options of a tcp check).
function showDependent(form) {
  for (const el of form.querySelectorAll('[data-show-when]')) {
    const box = form.querySelector(`[name="${el.dataset.showWhen}"]`);
    el.hidden = !!box && !box.checked;
  }
}

function debounce(fn, ms) {
  let t;
  return () => {
    clearTimeout(t);
    t = setTimeout(fn, ms);
  };
}

export function enableScheduleForm(root) {
  const form = root.querySelector('form[data-preview-url]');
  if (!form) return;
  const out = form.querySelector('#schedule-preview');
  const value = (name) => (form.querySelector(`[name="${name}"]`) || {}).value || '';
  let seq = 0;
  const preview = async () => {
    const kind = value('schedule.kind');
    const expr = kind === 'period' ? value('schedule.period_sec') : kind === 'cron' ? value('schedule.cron') : value('schedule.oncalendar');
    const q = new URLSearchParams({ kind, value: expr, tz: value('tz') || 'UTC' });
    const mine = ++seq;
    try {
      const res = await fetch(`${form.dataset.previewUrl}?${q}`, { headers: { accept: 'application/json' } });
      const data = await res.json();
      if (mine !== seq) return;
      out.dataset.answered = '1';
      out.replaceChildren();
      if (data.error) {
        // The server already says so under the field (a form sent back with its messages): once is enough.
        const field = kind === 'period' ? 'schedule.period_sec' : `schedule.${kind}`;
        const shown = form.querySelector(`#f-${field.replace(/[^A-Za-z0-9_-]/g, '-')}-error`);
        if (shown && shown.textContent.includes(data.error)) return;
        out.append(Object.assign(document.createElement('p'), { className: 'error', textContent: data.error }));
        return;
      }
      out.append(Object.assign(document.createElement('p'), { textContent: `${data.description}. Next expected:` }));
      const list = document.createElement('ol');
      for (const t of data.next) list.append(Object.assign(document.createElement('li'), { textContent: t }));
      out.append(list);
    } catch {
      /* the preview is a help, not a requirement */
    }
  };
  const update = debounce(preview, 250);
  form.addEventListener('input', (e) => {
    if (e.target.name === 'schedule.kind') showKind(form);
    if (/^(schedule\.|tz$)/.test(e.target.name)) update();
  });
  form.addEventListener('change', (e) => {
    if (e.target.name === 'schedule.kind') showKind(form);
    if (e.target.type === 'checkbox') showDependent(form);
  });
  showKind(form);
  showDependent(form);
  preview();
}
