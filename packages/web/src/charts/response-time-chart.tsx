import type { ResponseTimeSeries } from '@upmon/core';
import { durationText } from '../views/duration-text.js';
import { ChartFrame } from './chart-frame.js';
import { linePath, niceMax, type PlotArea } from './response-time-lines.js';

const AREA: PlotArea = { width: 600, height: 180, pad: { l: 56, r: 10, t: 10, b: 6 } };
/** The phone's drawing: about as wide as a 390 px screen's panel, so 11-unit labels show at about 11 px. */
const NARROW: PlotArea = { width: 340, height: 200, pad: { l: 50, r: 6, t: 10, b: 6 } };

/** The two lines, p50 drawn last (on top); the legend's swatches in app.css repeat their colours and dashes. */
const LINES: { name: string; value: (p: ResponseTimeSeries['points'][number]) => number | null; stroke: string; width: string; dash?: string }[] = [
  { name: 'p95', value: (p) => p.p95Ms, stroke: '#b54708', width: '1.5', dash: '4 3' },
  { name: 'p50', value: (p) => p.p50Ms, stroke: '#1f6f4a', width: '2' },
];

const ms = (v: number | null) => (v === null ? '—' : durationText(v));

/**
 * p50 and p95 of a probed check's response times over the chosen range (server-rendered SVG, no
 * script), with the range's own p50/p95 in words for screen readers and the figure's caption.
 */
export function ResponseTimeChart({ series }: { series: ResponseTimeSeries }) {
  const probes = series.points.reduce((n, p) => n + p.probes, 0);
  if (probes === 0) return <p class="muted">No probe results in this range yet.</p>;
  const max = niceMax(Math.max(...series.points.map((p) => p.p95Ms ?? 0)));
  const failures = series.points.reduce((n, p) => n + p.failures, 0);
  return (
    <ChartFrame
      class="chart response-times"
      area={AREA}
      narrowArea={NARROW}
      valueAxis={{ top: durationText(max), gridline: true }}
      label={`Response times over ${series.range}: median ${ms(series.p50Ms)}, 95th percentile ${ms(series.p95Ms)}, ${probes} probes, ${failures} failed.`}
      from={series.from}
      to={series.to}
      legend={
        <>
          <span class="swatch-p50">p50</span> {ms(series.p50Ms)} · <span class="swatch-p95">p95</span> {ms(series.p95Ms)} · {probes} probes, {failures} failed
          (points of {series.stepMinutes >= 60 ? `${series.stepMinutes / 60} h` : `${series.stepMinutes} min`}).
        </>
      }
      plot={(area) =>
        LINES.map((l) => (
          <path
            d={linePath(series.points.map(l.value), max, area)}
            fill="none"
            stroke={l.stroke}
            stroke-width={l.width}
            stroke-dasharray={l.dash}
            data-series={l.name}
          />
        ))
      }
    />
  );
}
