import type { CheckAvailability } from '@upmon/core';
import { formatDuration } from '@upmon/core';
import { CardsTable } from '../cards-table.js';

/** "99.97 %": two decimals, never rounded up to 100 while anything was down. */
export function uptimeText(uptime: number | null): string {
  if (uptime === null) return 'no data';
  const pct = Math.floor(uptime * 10_000) / 100;
  return `${pct.toFixed(2)} %`;
}

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "3 downtimes, 42 min in total", or "no downtime". */
export function downtimeText(downtimes: number, downMs: number): string {
  if (downtimes === 0 && downMs === 0) return 'no downtime';
  return `${downtimes} downtime${downtimes === 1 ? '' : 's'}, ${formatDuration(downMs)} in total`;
}

/** Uptime over 24 h, 7, 30 and 365 days and downtime per month, maintenance apart (docs/web.md). */
export function AvailabilityPanel({ availability }: { availability: CheckAvailability }) {
  return (
    <section class="panel" aria-labelledby="h-uptime" data-live="uptime">
      <h2 id="h-uptime" class="first">
        Uptime
      </h2>
      <CardsTable columns={['Last', 'Uptime', 'Down', 'Under maintenance']} class="uptime-periods" field="uptime">
        {availability.periods.map((p) => (
          <tr data-period={p.name}>
            <th scope="row">{p.label}</th>
            <td data-label="Uptime">{uptimeText(p.uptime)}</td>
            <td data-label="Down">{p.downMs > 0 ? formatDuration(p.downMs) : '—'}</td>
            <td data-label="Under maintenance">{p.maintenanceMs > 0 ? formatDuration(p.maintenanceMs) : '—'}</td>
          </tr>
        ))}
      </CardsTable>
      <h3>Downtime per month (UTC)</h3>
      <ul class="months" data-field="months">
        {availability.months.map((m) => (
          <li data-month={new Date(m.start).toISOString().slice(0, 7)}>
            <strong>{MONTH.format(m.start)}</strong>: {downtimeText(m.downtimes, m.downMs)}
            {m.maintenanceMs > 0 ? <span class="muted"> ({formatDuration(m.maintenanceMs)} under maintenance, not counted)</span> : null}
          </li>
        ))}
      </ul>
      <p class="hint">Late counts as up; paused and new time is not counted; time under maintenance counts neither as up nor as down.</p>
    </section>
  );
}
