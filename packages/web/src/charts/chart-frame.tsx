import type { ComponentChildren } from 'preact';
import { utcText } from '../views/time.js';
import type { PlotArea } from './response-time-lines.js';

/**
 * The frame of a check page chart (server-rendered SVG, no script): the SVG described in words for
 * screen readers (`label`), a value axis from 0 to `valueAxis.top` (a baseline, a gridline at the
 * top if asked, and the two labels), the plot (`children`), the first and last times under it,
 * and the legend as the figure's caption.
 */
export function ChartFrame(props: {
  class: string;
  area: PlotArea;
  label: string;
  valueAxis?: { top: string; gridline?: boolean };
  from: Date;
  to: Date;
  legend: ComponentChildren;
  children: ComponentChildren;
}) {
  const { width: W, height: H, pad } = props.area;
  return (
    <figure>
      <svg class={props.class} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.label}>
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
        {props.children}
        <text x={pad.l} y={H - 6}>
          {utcText(props.from)}
        </text>
        <text x={W - pad.r} y={H - 6} text-anchor="end">
          {utcText(props.to)}
        </text>
      </svg>
      <figcaption class="legend">{props.legend}</figcaption>
    </figure>
  );
}
