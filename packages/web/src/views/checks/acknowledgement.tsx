import type { AcknowledgedJson } from '@upmon/domain';
import { Time } from '../time.js';

const VIA: Record<string, string> = { api: 'through the API', web: 'in the web app', link: "through an alert's link" };

/** "Acknowledged by X at T" on a down check whose episode somebody acknowledged (docs/web.md). */
export function AcknowledgedNote({ ack }: { ack: AcknowledgedJson | null | undefined }) {
  if (!ack) return null;
  return (
    <p class="ack-note" data-field="acknowledged">
      Acknowledged by <strong>{ack.by}</strong> at <Time at={ack.at} /> <span class="muted">({VIA[ack.via] ?? ack.via})</span>. Reminders and escalations of
      this outage have stopped.
    </p>
  );
}
