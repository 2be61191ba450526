// The app's only script: small progressive enhancements over server-rendered pages.
// Every page works without it; it adds local times, copy buttons, live statuses and previews.
// Security keys are the exception: registering or using one needs the browser's WebAuthn API.
import { enableChosenZoneFields, enableZoneChoice, renderTimes } from './local-time.js';
import { enableCopyButtons } from './copy-buttons.js';
import { startLiveStatus } from './live-status.js';
import { enableMaintenanceForm } from './maintenance-form.js';
import { enableScheduleForm } from './schedule-form.js';
import { watchTestDelivery } from './test-delivery.js';
import { enableSecurityKeys } from './security-keys.js';
import { enableSubmitOnChange } from './submit-on-change.js';
import { enableBulkActions } from './bulk-actions.js';
import { enableCheckOrder } from './check-order.js';

enableZoneChoice(document);
enableChosenZoneFields(document);
renderTimes(document);
setInterval(() => renderTimes(document), 30_000);
enableCopyButtons(document);
startLiveStatus(document.body);
enableScheduleForm(document);
watchTestDelivery(document);
enableMaintenanceForm(document);
enableSecurityKeys(document);
enableSubmitOnChange(document);
enableBulkActions(document);
enableCheckOrder(document);
// A form's problem list takes the focus (autofocus is not honoured on a non-control everywhere),
// and its links put the focus in their field (following a #fragment only scrolls to it).
const problemList = document.querySelector('[data-focus-on-load]');
problemList?.focus();
problemList?.addEventListener('click', (event) => {
  const link = event.target instanceof Element ? event.target.closest('a[href^="#"]') : null;
  const field = link ? document.getElementById(link.getAttribute('href').slice(1)) : null;
  if (!field) return;
  event.preventDefault();
  field.scrollIntoView({ block: 'center' });
  field.focus();
});
