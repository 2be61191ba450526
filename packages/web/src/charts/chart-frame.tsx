import type { ComponentChildren } from 'preact';
import { Time } from '../views/time.js';
import type { PlotArea } from './response-time-lines.js';

/**
 * The frame of a check page chart (server-rendered SVG, no script): the SVG described in words for
 * screen readers (`label`), a value axis from 0 to `valueAxis.top` (a baseline, a gridline at the
 * top if asked, and the two labels) and the plot (`plot`, drawn for the plotting area it is given).
 * With a `narrowArea` the chart is drawn a second time in that shape for phones (app.css shows one
 * of the two), so its labels stay readable at 390 px instead of shrinking with a wide drawing.
 * The first and last times are HTML under it, shown in the zone the page shows times in
 * (local-time.js), and the legend is the figure's caption.
 */
export function ChartFrame(props: {
  class: string;
  area: PlotArea;
  narrowArea?: PlotArea;
  label: string;
  valueAxis?: { top: string; gridline?: boolean };
  from: Date;
  to: Date;
  legend: ComponentChildren;
  plot: (area: PlotArea) => ComponentChildren;
}) {
  const drawing = (area: PlotArea, cls: string) => {
    const { width: W, height: H, pad } = area;
    return (
      <svg class={cls} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.label}>
        {props.valueAxis ? (
          <>
            <line x1={pad.l} y1={H - pad.b} x2={W - pad.r} y2={H - pad.b} stroke="#9aa3b2" />
            {props.valueAxis.gridline ? <line x1={pad.l} y1={pad.t} x2={W - pad.r} y2={pad.t} stroke="#e3e6eb" /> : null}
            <text x={pad.l - 6} y={pad.t + 8} text-anchor="end">
              {props.valueAxis.top}
            </text>
            <text x={pad.l - 6} y={H - pad.b} text-anchor="end">
              0
            </text>
          </>
        ) : null}
        {props.plot(area)}
      </svg>
    );
  };
  return (
    <figure>
      {drawing(props.area, props.narrowArea ? `${props.class} wide` : props.class)}
      {props.narrowArea ? drawing(props.narrowArea, 'chart narrow') : null}
      <div class="chart-times">
        <Time at={props.from} />
        <Time at={props.to} />
      </div>
      <figcaption class="legend">{props.legend}</figcaption>
    </figure>
  );
}
