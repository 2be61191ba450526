// The maintenance form (docs/web.md, "Maintenance"): only the fields of the chosen "When" and
// "Applies to" are shown, and a fresh form's time zone is the browser's. Without this script every
// field is shown and the zone is UTC; the server reads only the fields of the chosen kind.
function showChosen(form, selectName, attr) {
  const select = form.querySelector(`select[name="${selectName}"]`);
  if (!select) return;
  const update = () => {
    for (const el of form.querySelectorAll(`[data-${attr}]`)) el.hidden = !el.dataset[attr].split(' ').includes(select.value);
  };
  select.addEventListener('change', update);
  update();
}

export function enableMaintenanceForm(root) {
  const form = root.getElementById('maintenance-form');
  if (!form) return;
  showChosen(form, 'when', 'when');
  showChosen(form, 'scope', 'scope');
  const zone = form.querySelector('select[data-browser-zone]');
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  if (zone && browserZone && [...zone.options].some((o) => o.value === browserZone)) zone.value = browserZone;
}
