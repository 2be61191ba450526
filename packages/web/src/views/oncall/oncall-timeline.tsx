import type { Shift } from '@upmon/core';

/** Colours a person keeps across the timeline (fills meet WCAG's 3:1 against white). */
const PALETTE = ['#1f6feb', '#b35900', '#1a7f37', '#8250df', '#cf222e', '#0f766e', '#9a6700', '#6e7781'];

export function colourOf(userIds: readonly string[], userId: string): string {
  const i = userIds.indexOf(userId);
  return PALETTE[(i < 0 ? 0 : i) % PALETTE.length]!;
}

/**
 * The final schedule as one bar per local day: a drawing (hidden from screen readers: the page
 * lists the same shifts as text below it). Each bar is an SVG stretched to the row's width, its
 * sizes attributes, which the page's strict CSP allows where inline styles are not; the date is
 * text beside it, so it stays legible on a phone.
 */
export function OncallTimeline(props: {
  days: { date: string; start: Date; end: Date }[];
  shifts: Shift[];
  users: string[];
  names: ReadonlyMap<string, string>;
}) {
  const WIDTH = 1000;
  return (
    <div class="oncall-timeline" aria-hidden="true">
      {props.days.map((day) => {
        const length = day.end.getTime() - day.start.getTime();
        return (
          <div class="oncall-day">
            <span>{day.date.slice(5)}</span>
            <svg class="oncall-bar" viewBox={`0 0 ${WIDTH} 1`} preserveAspectRatio="none">
              {props.shifts
                .filter((s) => s.start < day.end && s.end > day.start)
                .map((s) => {
                  const from = Math.max(s.start.getTime(), day.start.getTime()) - day.start.getTime();
                  const to = Math.min(s.end.getTime(), day.end.getTime()) - day.start.getTime();
                  return (
                    <rect x={(from / length) * WIDTH} y="0" width={((to - from) / length) * WIDTH} height="1" fill={colourOf(props.users, s.userId)}>
                      <title>{props.names.get(s.userId) ?? s.userId}</title>
                    </rect>
                  );
                })}
            </svg>
          </div>
        );
      })}
    </div>
  );
}
