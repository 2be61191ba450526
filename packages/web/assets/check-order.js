// Status page settings: drag a check's line to a new place in its group (the Move up / Move down
// buttons stay: the keyboard's way, and the way without this script). A drop only reorders the
// lines, whose hidden `order` fields the form sends: "Save status page" keeps the new order.
// Each move is said in the form's live region.
function refreshButtons(list) {
  const rows = [...list.children];
  rows.forEach((row, i) => {
    const [up, down] = row.querySelectorAll('button[name="move"]');
    if (up) up.disabled = i === 0;
    if (down) down.disabled = i === rows.length - 1;
  });
}

export function enableCheckOrder(root) {
  const status = root.querySelector('[data-order-status]');
  for (const list of root.querySelectorAll('ol.check-order[data-group]:not([data-group=""])')) {
    if (list.closest('fieldset')?.disabled) continue;
    let dragged = null;
    let from = -1;
    for (const row of list.children) {
      row.draggable = true;
      row.addEventListener('dragstart', (event) => {
        dragged = row;
        from = [...list.children].indexOf(row);
        row.classList.add('dragging');
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', row.dataset.checkId);
      });
      // The lines move during the drag: wherever it ends, the buttons and the live region follow.
      row.addEventListener('dragend', () => {
        row.classList.remove('dragging');
        dragged = null;
        refreshButtons(list);
        const rows = [...list.children];
        const to = rows.indexOf(row);
        if (to === from || !status) return;
        const name = row.querySelector('.check-order-name').textContent;
        const group = document.getElementById(list.getAttribute('aria-labelledby'))?.textContent ?? '';
        status.textContent = `${name} moved to place ${to + 1} of ${rows.length} in ${group}. Save the status page to keep the order.`;
      });
    }
    list.addEventListener('dragover', (event) => {
      const over = event.target instanceof Element ? event.target.closest('li.check-order-row') : null;
      if (!dragged || !over || over.parentElement !== list) return;
      event.preventDefault();
      if (over === dragged) return;
      const box = over.getBoundingClientRect();
      list.insertBefore(dragged, event.clientY < box.top + box.height / 2 ? over : over.nextSibling);
    });
    list.addEventListener('drop', (event) => {
      if (dragged) event.preventDefault();
    });
  }
}
