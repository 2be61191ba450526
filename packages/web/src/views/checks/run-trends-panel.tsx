import { ArrivalChart, DurationChart } from '../../charts/run-charts-svg.js';
import type { ArrivalPoint, DurationPoint } from '../../charts/run-charts.js';

/** A heartbeat check's run durations and arrivals against its schedule. */
export function RunTrendsPanel({ durations, arrivals, graceSec }: { durations: DurationPoint[]; arrivals: ArrivalPoint[]; graceSec: number }) {
  return (
    <section class="panel" aria-labelledby="h-charts">
      <h2 id="h-charts" class="first">
        Trends
      </h2>
      <div class="grid-2">
        <div>
          <h3>Run durations</h3>
          <DurationChart points={durations} />
        </div>
        <div>
          <h3>Arrivals against the schedule</h3>
          <ArrivalChart points={arrivals} graceSec={graceSec} />
        </div>
      </div>
    </section>
  );
}
