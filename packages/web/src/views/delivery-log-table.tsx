import type { DeliveryRow } from '../queries/check-deliveries.js';
import { CardsTable } from './cards-table.js';
import { Time } from './time.js';

const OUTCOMES: Record<string, string> = {
  succeeded: '✓ delivered',
  failed_retrying: '↻ failed, retrying',
  failed: '✗ failed',
  held: '⏸ held (see details)',
};

export function DeliveryOutcome({ row }: { row: { status: string; attempt: number; statusCode: number | null } }) {
  return (
    <span class={`outcome outcome-${row.status}`}>
      {OUTCOMES[row.status] ?? row.status}
      {row.attempt > 1 ? ` (attempt ${row.attempt})` : ''}
      {row.statusCode !== null ? ` · HTTP ${row.statusCode}` : ''}
    </span>
  );
}

/**
 * A delivery log: the check page's (with the integration of each row, `projectId` set) and an
 * integration's own.
 */
export function DeliveryLogTable({ rows, projectId }: { rows: DeliveryRow[]; projectId?: string }) {
  return (
    <CardsTable columns={['Time', projectId && 'Integration', 'Event', 'Outcome', 'Details']}>
      {rows.map((d) => (
        <tr>
          <td>
            <Time at={d.createdAt} seconds />
          </td>
          {projectId ? (
            <td data-label="Integration">
              <a href={`/projects/${projectId}/integrations/${d.integrationId}`}>{d.integrationName}</a> <span class="muted">({d.integrationKind})</span>
            </td>
          ) : null}
          <td data-label="Event">{d.event}</td>
          <td data-label="Outcome">
            <DeliveryOutcome row={d} />
          </td>
          <td data-label="Details">{d.error ?? <span class="muted">—</span>}</td>
        </tr>
      ))}
    </CardsTable>
  );
}
