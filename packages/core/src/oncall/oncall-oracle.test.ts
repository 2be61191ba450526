import { finalSchedule, type Layer, type OnCallSchedule, type Override } from './oncall-schedule.js';
import { overlappingRestrictions, type Restriction } from './restrictions.js';

/**
 * An independent, deliberately naive computation of the final schedule: walk minute by minute,
 * read the local clock with Intl (not the zone arithmetic under test), and apply the rules as
 * docs/oncall.md words them. Compared with finalSchedule over random schedules around daylight
 * saving changes, month ends and a leap day.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The local clock at `t` as a sortable [day number, minute of day]. */
function clock(tz: string, t: number): [number, number] {
  let f = formatters.get(tz);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      hourCycle: 'h23',
    });
    formatters.set(tz, f);
  }
  const p = Object.fromEntries(f.formatToParts(new Date(t)).map((x) => [x.type, Number(x.value)]));
  return [Date.UTC(p.year!, p.month! - 1, p.day!) / DAY, p.hour! * 60 + p.minute!];
}
const reached = (c: [number, number], day: number, minute: number) => c[0] > day || (c[0] === day && c[1] >= minute);
const hm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
const dayOf = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY;

/** Who each layer has on duty at every minute of [from, to), walking the clock from a day earlier. */
function naiveLayer(l: Layer, from: number, to: number): (string | null)[] {
  const out: (string | null)[] = [];
  const anchorDay = dayOf(l.anchorDate);
  const handoff = hm(l.handoffTime);
  const n = l.userIds.length;
  let anchorInstant = 0;
  if (l.rotation.unit === 'hours') {
    // The first minute the clock reaches the anchor date and time.
    anchorInstant = anchorDay * DAY - 16 * 3_600_000;
    while (!reached(clock(l.tz, anchorInstant), anchorDay, handoff)) anchorInstant += MINUTE;
  }
  let highest: [number, number] = [-Infinity, 0];
  for (let t = from - DAY; t < to; t += MINUTE) {
    const c = clock(l.tz, t);
    // Handoffs and windows go by the latest clock reading so far: a clock set back does not undo them.
    if (reached(c, highest[0], highest[1])) highest = c;
    if (t < from) continue;
    const inLayer = (l.startsAt === null || t >= l.startsAt.getTime()) && (l.endsAt === null || t < l.endsAt.getTime());
    let turn: number;
    if (l.rotation.unit === 'hours') {
      turn = Math.floor((t - anchorInstant) / (l.rotation.count * 3_600_000));
    } else {
      const period = l.rotation.count * (l.rotation.unit === 'weeks' ? 7 : 1);
      turn = Math.floor((highest[0] - anchorDay) / period) + 1;
      while (!reached(highest, anchorDay + turn * period, handoff)) turn--;
    }
    const onDuty =
      l.restrictions.length === 0 ||
      l.restrictions.some((r) =>
        [highest[0], highest[0] - 1].some((d) => {
          const weekday = ((((d + 3) % 7) + 7) % 7) + 1;
          const endDay = hm(r.to) > hm(r.from) ? d : d + 1;
          return r.days.includes(weekday) && reached(highest, d, hm(r.from)) && !reached(highest, endDay, hm(r.to));
        }),
      );
    out.push(inLayer && onDuty ? l.userIds[((turn % n) + n) % n]! : null);
  }
  return out;
}

function naiveFinal(s: OnCallSchedule, from: number, to: number): (string | null)[] {
  const layers = s.layers.map((l) => naiveLayer(l, from, to));
  const out: (string | null)[] = [];
  for (let i = 0, t = from; t < to; i++, t += MINUTE) {
    const o = [...s.overrides].reverse().find((x) => x.start.getTime() <= t && t < x.end.getTime());
    out.push(o?.userId ?? [...layers].reverse().find((l) => l[i] !== null)?.[i] ?? null);
  }
  return out;
}

function minutesOf(s: OnCallSchedule, from: number, to: number): (string | null)[] {
  const out: (string | null)[] = new Array((to - from) / MINUTE).fill(null);
  for (const shift of finalSchedule(s, new Date(from), new Date(to))) {
    for (let t = shift.start.getTime(); t < shift.end.getTime(); t += MINUTE) out[(t - from) / MINUTE] = shift.userId;
  }
  return out;
}

/** mulberry32: a seeded generator, so a failure names a seed that reproduces it. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let r = Math.imul(a ^ (a >>> 15), 1 | a);
    r = (r + Math.imul(r ^ (r >>> 7), 61 | r)) ^ r;
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const ZONES = ['Europe/Berlin', 'America/New_York', 'Australia/Sydney', 'Australia/Lord_Howe', 'Asia/Kolkata', 'Pacific/Chatham', 'America/St_Johns', 'UTC'];
/** Range starts near daylight saving changes, month ends and the leap day of 2028. */
const STARTS = ['2026-03-27', '2026-03-07', '2026-04-03', '2026-10-02', '2026-10-23', '2026-10-30', '2026-09-25', '2028-02-26', '2026-01-30'];
const pad = (x: number) => String(x).padStart(2, '0');

function randomSchedule(rnd: () => number, start: number): OnCallSchedule {
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const time = () => `${pad(Math.floor(rnd() * 24))}:${pick(['00', '15', '30', '45'])}`;
  const layers: Layer[] = [];
  for (let i = 0, count = 1 + Math.floor(rnd() * 3); i < count; i++) {
    const unit = pick(['hours', 'days', 'weeks'] as const);
    let restrictions: Restriction[] = [];
    if (rnd() < 0.5) {
      restrictions = [{ days: [1, 2, 3, 4, 5, 6, 7].filter(() => rnd() < 0.6), from: time(), to: time() }];
      const second: Restriction = { days: [pick([1, 2, 3, 4, 5, 6, 7])], from: time(), to: time() };
      if (overlappingRestrictions([...restrictions, second]) === null) restrictions.push(second);
    }
    layers.push({
      userIds: ['ann', 'bob', 'cid', 'dan'].slice(0, 1 + Math.floor(rnd() * 4)),
      rotation: { unit, count: unit === 'hours' ? pick([1, 5, 8, 12, 24, 36]) : 1 + Math.floor(rnd() * 3) },
      anchorDate: new Date(start - Math.floor(rnd() * 20) * DAY).toISOString().slice(0, 10),
      handoffTime: time(),
      tz: pick(ZONES),
      startsAt: rnd() < 0.3 ? new Date(start + Math.floor(rnd() * 3 * 24) * 3_600_000) : null,
      endsAt: rnd() < 0.3 ? new Date(start + Math.floor((3 + rnd() * 4) * 24) * 3_600_000) : null,
      restrictions,
    });
  }
  const overrides: Override[] = [];
  for (let i = 0, count = Math.floor(rnd() * 4); i < count; i++) {
    const s = start + Math.floor(rnd() * 7 * 24 * 4) * 15 * MINUTE;
    overrides.push({ userId: pick(['max', 'lou', 'ann']), start: new Date(s), end: new Date(s + (1 + Math.floor(rnd() * 48 * 4)) * 15 * MINUTE) });
  }
  return { layers, overrides };
}

describe('finalSchedule against a minute-by-minute walk', () => {
  for (let seed = 1; seed <= 36; seed++) {
    it(`agrees on random schedule #${seed}`, () => {
      const rnd = random(seed);
      const from = Date.parse(`${STARTS[seed % STARTS.length]}T00:00:00Z`) + Math.floor(rnd() * 24) * 3_600_000;
      const to = from + 6 * DAY;
      const schedule = randomSchedule(rnd, from);
      expect(minutesOf(schedule, from, to)).toEqual(naiveFinal(schedule, from, to));
    });
  }
});
