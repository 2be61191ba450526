// <button data-copy="ID"> copies the text of element #ID and says so in a live region.
function announce(button, text) {
  const status =
    button.parentElement.querySelector('.copy-status') ||
    button.insertAdjacentElement('afterend', Object.assign(document.createElement('span'), { className: 'copy-status' }));
  status.setAttribute('role', 'status');
  status.textContent = text;
  setTimeout(() => (status.textContent = ''), 3000);
}

export function enableCopyButtons(root) {
  for (const button of root.querySelectorAll('button[data-copy]')) {
    button.hidden = false;
    button.addEventListener('click', async () => {
      const source = document.getElementById(button.dataset.copy);
      const text = source ? (source.value ?? source.textContent).trim() : '';
      try {
        await navigator.clipboard.writeText(text);
        announce(button, 'Copied');
      } catch {
        // No clipboard permission (e.g. plain http): select the text so Ctrl+C works.
        const range = document.createRange();
        range.selectNodeContents(source);
        const sel = window.getSelection();
        sel.removeAllRanges();
        sel.addRange(range);
        announce(button, 'Selected: press Ctrl+C to copy');
      }
    });
  }
}
