// The dashboard's bulk actions: the form shows only the field its action needs (the tag, or how
// long the maintenance lasts), how many checks are ticked, and a box that ticks every row of the page. Without this script every field is
// shown and the server ignores those the action does not use.
export function enableBulkActions(root) {
  const form = root.querySelector('form#bulk');
  if (!form) return;
  const action = form.querySelector('#bulk-action');
  const tag = form.querySelector('#bulk-tag').closest('.field');
  const hours = form.querySelector('#bulk-hours').closest('.field');
  const count = form.querySelector('[data-selected-count]');
  const boxes = () => root.querySelectorAll('input.pick[form="bulk"]');
  const update = () => {
    tag.hidden = !action.value.startsWith('tag_');
    hours.hidden = action.value !== 'maintenance';
    const n = [...boxes()].filter((b) => b.checked).length;
    count.textContent = n === 0 ? '' : `${n} selected`;
  };
  const all = form.querySelector('[data-select-all]');
  all.closest('label').hidden = false;
  all.addEventListener('change', () => {
    for (const box of boxes()) box.checked = all.checked;
    update();
  });
  action.addEventListener('change', update);
  root.addEventListener('change', (event) => {
    if (event.target instanceof HTMLInputElement && event.target.classList.contains('pick')) update();
  });
  update();
}
