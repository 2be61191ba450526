import { utcText } from '@upmon/domain';

/** `2026-11-24 07:11 UTC`: what a page shows before app.js puts it in the viewer's zone. */
export { utcText };

export function toDate(v: Date | string): Date {
  return typeof v === 'string' ? new Date(v) : v;
}

/**
 * A moment: rendered in UTC, turned into the viewer's local time by app.js, with the UTC time on
 * hover. `relative` adds "5 min ago" / "in 3 h". `zone` shows it in a given IANA zone instead
 * (a check's own zone) and is left as is by app.js.
 */
export function Time({ at, relative, zone, seconds }: { at: Date | string | null; relative?: boolean; zone?: string; seconds?: boolean }) {
  if (at === null) return <span class="muted">never</span>;
  const d = toDate(at);
  const utc = utcText(d, true);
  if (zone)
    return (
      <time datetime={d.toISOString()} title={utc}>
        {inZone(d, zone)}
      </time>
    );
  // app.js shows it in local time and puts the UTC time in the title (without it the text is UTC).
  return (
    <time datetime={d.toISOString()} data-local={seconds ? 's' : ''} data-relative={relative ? '1' : undefined}>
      {utcText(d, seconds)}
    </time>
  );
}

/** `2026-11-24 09:11 GMT+2` in the zone. */
export function inZone(d: Date, zone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: zone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    // GMT+2 rather than an abbreviation: ICU has abbreviations for few zones, offsets for all.
    timeZoneName: 'shortOffset',
  }).formatToParts(d);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  const zoneName = get('timeZoneName');
  return `${get('year')}-${get('month')}-${get('day')} ${get('hour')}:${get('minute')} ${/^GMT([+-]0)?$/.test(zoneName) ? 'UTC' : zoneName}`;
}
