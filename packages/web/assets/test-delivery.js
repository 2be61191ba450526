// After "send a test notification": poll the integration's delivery log until the test's outcome
// is there, and show it without a reload.
export function watchTestDelivery(root) {
  const box = root.querySelector('[data-test-poll]');
  if (!box) return;
  const url = box.dataset.testPoll;
  const started = Date.now();
  const tick = async () => {
    try {
      const res = await fetch(url, { headers: { accept: 'application/json' } });
      const data = await res.json();
      if (data.outcome) {
        box.querySelector('[data-outcome]').textContent = data.outcome;
        box.classList.add(data.ok ? 'alert-ok' : 'alert-error');
        return;
      }
    } catch {
      /* try again */
    }
    if (Date.now() - started < 60_000) setTimeout(tick, 1500);
    else box.querySelector('[data-outcome]').textContent = 'No outcome yet: is the notifier running? Reload the page later to see the delivery log.';
  };
  setTimeout(tick, 800);
}
