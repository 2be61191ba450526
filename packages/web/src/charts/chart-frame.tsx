import type { ComponentChildren } from 'preact';
import { utcText } from '../views/time.js';
import type { PlotArea } from './response-time-lines.js';

/**
 * The frame of a check page chart (server-rendered SVG, no script): the SVG described in words for
 * screen readers (`label`), the plot (`children`), the first and last times under it, and the
 * legend as the figure's caption.
 */
export function ChartFrame(props: {
  class: string;
  area: PlotArea;
  label: string;
  from: Date;
  to: Date;
  legend: ComponentChildren;
  children: ComponentChildren;
}) {
  const { width: W, height: H, pad } = props.area;
  return (
    <figure>
      <svg class={props.class} viewBox={`0 0 ${W} ${H}`} role="img" aria-label={props.label}>
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
