import type { SloStatus } from '@upmon/domain';
import { CardsTable } from '../cards-table.js';
import { BudgetMeter } from '../reports/budget-meter.js';
import { uptimeText } from './availability-panel.js';

const windowText = (s: SloStatus['slo']) => (s.windowKind === 'calendar_month' ? `this month (${s.tz})` : `last ${s.windowDays} days`);

/** The SLOs about this check (its own and its tags') and their error budgets (docs/slos.md); shown only when there is one. */
export function ErrorBudgetPanel({ statuses, projectId }: { statuses: SloStatus[]; projectId: string }) {
  return (
    <section class="panel" aria-labelledby="h-error-budget">
      <h2 id="h-error-budget">Error budget</h2>
      <CardsTable columns={['SLO', 'Target', 'Attained', 'Error budget left', 'Burn alerts']} field="error-budget">
        {statuses.map(({ slo, attainment: a, burn }) => {
          const firing = burn.filter((b) => b.firing).map((b) => b.kind);
          return (
            <tr>
              <th scope="row">
                {slo.name}
                {slo.tag ? <span class="muted"> (tag {slo.tag})</span> : null}
              </th>
              <td data-label="Target">
                {slo.targetPercent} % over {windowText(slo)}
              </td>
              <td data-label="Attained">{uptimeText(a.availability)}</td>
              <td data-label="Error budget left">
                <BudgetMeter budget={a.budget} />
              </td>
              <td data-label="Burn alerts">{firing.length > 0 ? `${firing.join(' and ')} burn` : 'none'}</td>
            </tr>
          );
        })}
      </CardsTable>
      <p class="hint">
        Maintenance is not counted. <a href={`/projects/${projectId}/reports`}>Reports</a> show each month.
      </p>
    </section>
  );
}
