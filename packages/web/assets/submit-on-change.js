// Forms marked data-submit-on-change apply a choice at once (the dashboard's status and order, like
// its status and tag links): a changed select submits the form, and the form's button, needed
// without this script, is hidden. The search field still applies with Enter.
export function enableSubmitOnChange(root) {
  for (const form of root.querySelectorAll('form[data-submit-on-change]')) {
    form.querySelector('[data-submit-button]')?.setAttribute('hidden', '');
    form.addEventListener('change', (event) => {
      if (event.target instanceof HTMLSelectElement) form.requestSubmit();
    });
  }
}
