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
