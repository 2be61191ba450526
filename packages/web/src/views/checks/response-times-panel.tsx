import type { ResponseTimeRange, ResponseTimeSeries } from '@upmon/core';
import { ResponseTimeChart } from '../../charts/response-time-chart.js';
import { durationText } from '../duration-text.js';

const RANGES: { range: ResponseTimeRange; label: string }[] = [
  { range: '24h', label: '24 hours' },
  { range: '7d', label: '7 days' },
  { range: '30d', label: '30 days' },
];

/** The response-time chart of a probed check, with its range links and the mean phases. */
export function ResponseTimesPanel({ series, checkId }: { series: ResponseTimeSeries; checkId: string }) {
  const p = series.phases;
  return (
    <section class="panel" aria-labelledby="h-response-times">
      <h2 id="h-response-times" class="first">
        Response times
      </h2>
      <nav aria-label="Range" class="tabs">
        {RANGES.map((r) => (
          <a
            href={`/checks/${checkId}?range=${r.range}#h-response-times`}
            class={series.range === r.range ? 'tab current' : 'tab'}
            aria-current={series.range === r.range ? 'page' : undefined}
          >
            {r.label}
          </a>
        ))}
      </nav>
      <ResponseTimeChart series={series} />
      {p ? (
        <p class="hint" data-field="phases">
          Mean phases: DNS {durationText(p.dnsMs)}, connect {durationText(p.connectMs)}, TLS {durationText(p.tlsMs)}, first byte {durationText(p.firstByteMs)}.
        </p>
      ) : null}
    </section>
  );
}
