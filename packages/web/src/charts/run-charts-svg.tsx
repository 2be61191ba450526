import { durationText } from '../views/duration-text.js';
import { utcText } from '../views/time.js';
import { ChartFrame } from './chart-frame.js';
import type { PlotArea } from './response-time-lines.js';
import type { ArrivalPoint, DurationPoint } from './run-charts.js';

const AREA: PlotArea = { width: 600, height: 160, pad: { l: 56, r: 10, t: 10, b: 6 } };
const { width: W, height: H, pad: PAD } = AREA;

function xScale(points: { ts: Date }[]): (d: Date) => number {
  const t0 = points[0]?.ts.getTime() ?? 0;
  const t1 = points[points.length - 1]?.ts.getTime() ?? t0 + 1;
  const span = Math.max(1, t1 - t0);
  return (d) => PAD.l + ((d.getTime() - t0) / span) * (W - PAD.l - PAD.r);
}

const short = (ms: number) => durationText(Math.abs(ms));

/** Bars of recent run durations (failed runs hatched and labelled). Server-rendered SVG, no script. */
export function DurationChart({ points }: { points: DurationPoint[] }) {
  if (points.length === 0) return <p class="muted">No run durations yet: send a /start ping before the job and a success after it.</p>;
  const max = Math.max(...points.map((p) => p.ms), 1);
  const x = xScale(points);
  const bw = Math.max(2, Math.min(14, (W - PAD.l - PAD.r) / points.length - 2));
  const y = (ms: number) => H - PAD.b - (ms / max) * (H - PAD.t - PAD.b);
  const last = points[points.length - 1] as DurationPoint;
  const avg = points.reduce((s, p) => s + p.ms, 0) / points.length;
  return (
    <ChartFrame
      class="chart"
      area={AREA}
      valueAxis={{ top: short(max) }}
      label={`Run durations of the last ${points.length} runs: latest ${short(last.ms)}, average ${short(avg)}, longest ${short(max)}.`}
      from={points[0]?.ts as Date}
      to={last.ts}
      legend={
        <>
          Run durations (green: succeeded, pale red: failed). Latest {short(last.ms)}, average {short(avg)}.
        </>
      }
      plot={() =>
        points.map((p) => (
          <rect
            x={x(p.ts) - bw / 2}
            y={y(p.ms)}
            width={bw}
            height={Math.max(1, H - PAD.b - y(p.ms))}
            fill={p.failed ? '#b42318' : '#1f6f4a'}
            opacity={p.failed ? 0.55 : 0.85}
          >
            <title>{`${utcText(p.ts)}: ${durationText(p.ms)}${p.failed ? ' (failed)' : ''}`}</title>
          </rect>
        ))
      }
    />
  );
}

/** Dots of each ping's arrival against its expected time (above the line: late), with the grace band. */
export function ArrivalChart({ points, graceSec }: { points: ArrivalPoint[]; graceSec: number }) {
  if (points.length === 0) return <p class="muted">Not enough pings yet to compare arrivals with the schedule.</p>;
  const bound = Math.max(graceSec * 1.2, ...points.map((p) => Math.abs(p.offsetSec)), 60);
  const x = xScale(points);
  const y = (s: number) => PAD.t + ((bound - s) / (2 * bound)) * (H - PAD.t - PAD.b);
  const late = points.filter((p) => p.offsetSec > graceSec).length;
  const worst = Math.max(...points.map((p) => p.offsetSec));
  return (
    <ChartFrame
      class="chart"
      area={AREA}
      label={`Arrival of the last ${points.length} pings against the schedule: ${late} after the grace period; latest arrival ${short(worst * 1000)} ${worst >= 0 ? 'late' : 'early'}.`}
      from={points[0]?.ts as Date}
      to={(points[points.length - 1] as ArrivalPoint).ts}
      legend={
        <>
          Each dot is a ping: on the dashed green line it arrived when expected, above it later; above the red line, after the grace period ({late} of{' '}
          {points.length}).
        </>
      }
      plot={() => (
        <>
          <rect x={PAD.l} y={y(graceSec)} width={W - PAD.l - PAD.r} height={y(0) - y(graceSec)} fill="#fff4e0" />
          <line x1={PAD.l} y1={y(0)} x2={W - PAD.r} y2={y(0)} stroke="#1f6f4a" stroke-dasharray="4 3" />
          <line x1={PAD.l} y1={y(graceSec)} x2={W - PAD.r} y2={y(graceSec)} stroke="#b42318" stroke-dasharray="2 3" />
          <text x={PAD.l - 6} y={y(0) + 4} text-anchor="end">
            on time
          </text>
          <text x={PAD.l - 6} y={y(graceSec) + 4} text-anchor="end">
            +grace
          </text>
          {points.map((p) => (
            <circle cx={x(p.ts)} cy={y(Math.max(-bound, Math.min(bound, p.offsetSec)))} r={3.5} fill={p.offsetSec > graceSec ? '#b42318' : '#1553b6'}>
              <title>{`${utcText(p.ts)}: ${short(p.offsetSec * 1000)} ${p.offsetSec >= 0 ? 'after' : 'before'} the expected time`}</title>
            </circle>
          ))}
        </>
      )}
    />
  );
}
