import { linePath } from '../../charts/response-time-lines.js';
import { RECENT_SLOTS, slotsInWords } from '../../recent-history.js';
import type { RowHistory } from '../../queries/dashboard-history.js';
import { uptimeText } from '../checks/availability-panel.js';

const SPARK = { width: 96, height: 20, pad: { l: 1, r: 1, t: 2, b: 2 } };

/** "Response time, last 24 hours: 120 to 340 ms, latest 180 ms" (the sparkline's accessible name). */
export function sparklineInWords(values: readonly (number | null)[]): string {
  const answered = values.filter((v): v is number => v !== null);
  if (answered.length === 0) return `Response time, last ${RECENT_SLOTS} hours: no answers`;
  const latest = answered[answered.length - 1] as number;
  return `Response time, last ${RECENT_SLOTS} hours: ${Math.min(...answered)} to ${Math.max(...answered)} ms, latest ${latest} ms`;
}

/**
 * A dashboard row's last 24 hours: the uptime figure, a strip of hourly slots coloured (and shaped
 * for the worst ones) by status, and for probed checks a response-time sparkline. Kept small: a
 * page holds up to 100 rows.
 */
export function RecentHistoryCell({ history }: { history: RowHistory }) {
  const spark = history.responseMs;
  const max = spark ? Math.max(1, ...spark.map((v) => v ?? 0)) : 0;
  return (
    <td class="recent">
      <span class="uptime-figure">{uptimeText(history.uptime)}</span>
      <span class="strip" role="img" aria-label={slotsInWords(history.slots)}>
        {history.slots.map((s) => (
          <i class={`slot-${s}`} />
        ))}
      </span>
      {spark ? (
        <svg
          class="spark"
          viewBox={`0 0 ${SPARK.width} ${SPARK.height}`}
          width={SPARK.width}
          height={SPARK.height}
          role="img"
          aria-label={sparklineInWords(spark)}
        >
          <path d={linePath(spark, max, SPARK)} />
        </svg>
      ) : null}
    </td>
  );
}
