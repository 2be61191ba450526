import type { DeliveryRow } from '../../queries/check-deliveries.js';
import { DeliveryLogTable } from '../delivery-log-table.js';

/** The delivery log of the notifications about this check. */
export function NotificationsSentSection({ deliveries, projectId }: { deliveries: DeliveryRow[]; projectId: string }) {
  return (
    <section aria-labelledby="h-deliveries" data-live="deliveries">
      <h2 id="h-deliveries">Notifications sent</h2>
      {deliveries.length === 0 ? <p class="muted">No notifications about this check yet.</p> : <DeliveryLogTable rows={deliveries} projectId={projectId} />}
    </section>
  );
}
