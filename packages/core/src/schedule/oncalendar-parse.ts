import { IANAZone } from 'luxon';
import { ByteCappedCache } from '../byte-capped-cache.js';
import { MAX_TIME_ZONE_LENGTH, ScheduleError } from './types.js';

/**
 * Parser for one systemd.time(7) calendar event ("OnCalendar=" value).
 *
 * This is a line-by-line port of systemd 252's src/shared/calendarspec.c parser
 * (calendar_spec_from_string and helpers), because "valid" must mean exactly what systemd
 * accepts: users paste these expressions from their .timer units. Where the port deviates it says so.
 */

export const USEC_PER_SEC = 1_000_000;
const INT_MAX = 2_147_483_647;
const MIN_YEAR = 1970;
export const MAX_YEAR = 2199;
const BITS_WEEKDAYS = 127;
/** systemd refuses longer comma lists (stack depth in its recursive parser). */
const COMPONENTS_MAX = 240;

/** One list element: `start`, `start..stop`, `start/repeat` or `start..stop/repeat`; stop -1 = none. */
export interface CalendarComponent {
  start: number;
  stop: number;
  repeat: number;
}

/** null means `*` (any value). Seconds are held in microseconds, as systemd does. */
export interface CalendarSpec {
  /** Bit 0 = Monday .. bit 6 = Sunday; -1 = any weekday. */
  weekdayBits: number;
  year: CalendarComponent[] | null;
  month: CalendarComponent[] | null;
  day: CalendarComponent[] | null;
  hour: CalendarComponent[] | null;
  minute: CalendarComponent[] | null;
  microsecond: CalendarComponent[] | null;
  /** `~`: days count back from the end of the month (~1 = last day). */
  endOfMonth: boolean;
  /** Trailing ` UTC` (or the zone name UTC). */
  utc: boolean;
  /** Trailing IANA zone name, else null (then the caller's zone applies). */
  timezone: string | null;
}

/** A parse failure: `message` is short and meant for API users. */
class Invalid extends ScheduleError {}

function fail(message: string): never {
  throw new Invalid(message);
}

/** Longest weekday name ("wednesday"): how far ahead the weekday parser ever looks. */
const WEEKDAY_NAME_MAX = 9;

const WEEKDAY_NAMES: ReadonlyArray<readonly [string, number]> = [
  ['monday', 0],
  ['mon', 0],
  ['tuesday', 1],
  ['tue', 1],
  ['wednesday', 2],
  ['wed', 2],
  ['thursday', 3],
  ['thu', 3],
  ['friday', 4],
  ['fri', 4],
  ['saturday', 5],
  ['sat', 5],
  ['sunday', 6],
  ['sun', 6],
];

const isDigit = (ch: string | undefined): boolean => ch !== undefined && ch >= '0' && ch <= '9';

/** Cursor over the expression; `ch()` is '' at the end (C's NUL). */
class Cursor {
  constructor(
    readonly s: string,
    public i = 0,
  ) {}
  ch(offset = 0): string {
    return this.s[this.i + offset] ?? '';
  }
  skipSpaces(): void {
    while (this.s[this.i] === ' ') this.i++;
  }
}

function constChain(value: number): CalendarComponent[] {
  return [{ start: value, stop: -1, repeat: 0 }];
}

/** Weekday list/ranges before the date (`Mon..Fri`, `Sat,Sun`; `-` is an old range spelling). */
function parseWeekdays(p: Cursor, spec: CalendarSpec): void {
  let l = -1;
  let first = true;
  let bits = 0;
  for (;;) {
    // Only the next few characters: lowering the whole rest on every name made "mon," × n quadratic.
    const rest = p.s.slice(p.i, p.i + WEEKDAY_NAME_MAX).toLowerCase();
    const hit = WEEKDAY_NAMES.find(([name]) => rest.startsWith(name));
    if (!hit) {
      if (first) return; // no weekday part at all
      fail('invalid weekday');
    }
    const [name, nr] = hit;
    if (!['', '-', '.', ',', ' '].includes(p.ch(name.length))) fail('invalid weekday');
    bits |= 1 << nr;
    if (l >= 0) {
      if (l > nr) fail('weekday ranges must go forward (e.g. Mon..Fri)');
      for (let j = l + 1; j < nr; j++) bits |= 1 << j;
    }
    spec.weekdayBits = bits;
    p.i += name.length;

    if (p.ch() === '') return;
    if (p.ch() === ' ') {
      p.skipSpaces();
      return;
    }
    if (p.ch() === '.') {
      if (l >= 0 || p.ch(1) !== '.') fail('invalid weekday range');
      l = nr;
      p.i += 2;
    } else if (p.ch() === '-') {
      if (l >= 0) fail('invalid weekday range');
      l = nr;
      p.i += 1;
    } else if (p.ch() === ',') {
      l = -1;
      p.i += 1;
    }
    // systemd allows a trailing comma but not an open range.
    if (p.ch() === '' || p.ch() === ' ') {
      p.skipSpaces();
      if (l >= 0) fail('weekday range has no end');
      return;
    }
    first = false;
  }
}

/** Up to 6 fractional digits, the 7th rounds (systemd's parse_fractional_part_u). */
function parseFraction(p: Cursor): number {
  let val = 0;
  let i = 0;
  for (; i < 6; i++) {
    const c = p.ch();
    if (!isDigit(c)) {
      if (i === 0) fail('invalid fractional seconds');
      for (; i < 6; i++) val *= 10;
      break;
    }
    val = val * 10 + Number(c);
    p.i++;
  }
  const next = p.ch();
  if (isDigit(next) && next >= '5') val++;
  while (isDigit(p.ch())) p.i++;
  return val;
}

function parseDecimal(p: Cursor, usec: boolean): number {
  if (!isDigit(p.ch())) fail(`expected a number at "${p.s.slice(p.i) || 'end'}"`);
  const startAt = p.i;
  while (isDigit(p.ch())) p.i++;
  const digits = p.s.slice(startAt, p.i);
  // Anything this long overflows systemd's int anyway; avoids float precision questions.
  let value = digits.replace(/^0+/, '').length > 12 ? Number.POSITIVE_INFINITY : Number(digits);
  if (usec) {
    value *= USEC_PER_SEC;
    // One "." is a decimal point, ".." is a range.
    if (p.ch() === '.' && p.ch(1) !== '.') {
      p.i++;
      value += parseFraction(p);
    }
  }
  if (value > INT_MAX) fail(`number out of range: ${digits}`);
  return value;
}

/** A comma list of `start[..stop][/repeat]`. */
function parseComponents(p: Cursor, usec: boolean): CalendarComponent[] {
  const out: CalendarComponent[] = [];
  for (let nesting = 0; ; nesting++) {
    if (nesting > COMPONENTS_MAX) fail(`too many list elements (max ${COMPONENTS_MAX})`);
    const start = parseDecimal(p, usec);
    let stop = -1;
    let repeat = 0;
    if (p.ch() === '.' && p.ch(1) === '.') {
      p.i += 2;
      stop = parseDecimal(p, usec);
      repeat = usec ? USEC_PER_SEC : 1;
    }
    if (p.ch() === '/') {
      p.i++;
      repeat = parseDecimal(p, usec);
      if (repeat === 0) fail('repetition must not be 0');
    } else {
      if (start > INT_MAX - repeat) fail('number out of range');
      // A seconds range without a repetition steps by 1 s, so it must span at least 1 s.
      if (usec && stop >= 0 && start + repeat > stop) fail('invalid seconds range');
    }
    if (!['', ' ', ',', '-', '~', ':'].includes(p.ch())) fail(`unexpected "${p.ch()}"`);
    out.push({ start, stop, repeat });
    if (p.ch() !== ',') return out;
    p.i++;
  }
}

/** `*` or a list; `*` for seconds means every whole second (systemd: 0/1). */
function parseChain(p: Cursor, usec: boolean): CalendarComponent[] | null {
  if (p.ch() === '*') {
    p.i++;
    return usec ? [{ start: 0, stop: -1, repeat: USEC_PER_SEC }] : null;
  }
  return parseComponents(p, usec);
}

/** Returns true when the whole expression was a `@timestamp` (no time part follows). */
function parseDate(p: Cursor, spec: CalendarSpec): boolean {
  if (p.ch() === '') return false;
  if (p.ch() === '@') {
    p.i++;
    if (!isDigit(p.ch())) fail('invalid @timestamp');
    const at = p.i;
    while (isDigit(p.ch())) p.i++;
    const seconds = Number(p.s.slice(at, p.i));
    if (!Number.isSafeInteger(seconds)) fail('@timestamp out of range');
    const d = new Date(seconds * 1000);
    if (Number.isNaN(d.getTime())) fail('@timestamp out of range');
    spec.utc = true;
    spec.year = constChain(d.getUTCFullYear());
    spec.month = constChain(d.getUTCMonth() + 1);
    spec.day = constChain(d.getUTCDate());
    spec.hour = constChain(d.getUTCHours());
    spec.minute = constChain(d.getUTCMinutes());
    spec.microsecond = constChain(d.getUTCSeconds() * USEC_PER_SEC);
    return true;
  }
  const save = p.i;
  const first = parseChain(p, false);
  // End or ':' right away: it was a time, not a date; the time parser starts over.
  if (p.ch() === '' || p.ch() === ':') {
    p.i = save;
    return false;
  }
  if (p.ch() === '~') spec.endOfMonth = true;
  else if (p.ch() !== '-') fail('invalid date');
  p.i++;
  const second = parseChain(p, false);
  if (p.ch() === '' || p.ch() === ' ') {
    // Two parts: month and day.
    p.skipSpaces();
    spec.month = first;
    spec.day = second;
    return false;
  }
  if (spec.endOfMonth) fail('invalid date');
  if (p.ch() === '~') spec.endOfMonth = true;
  else if (p.ch() !== '-') fail('invalid date');
  p.i++;
  const third = parseChain(p, false);
  if (p.ch() !== '' && p.ch() !== ' ') fail('invalid date');
  p.skipSpaces();
  spec.year = first;
  spec.month = second;
  spec.day = third;
  return false;
}

function parseTime(p: Cursor, spec: CalendarSpec): void {
  if (p.ch() === '') {
    // No time at all means 00:00:00.
    spec.hour = constChain(0);
    spec.minute = constChain(0);
    spec.microsecond = constChain(0);
    return;
  }
  const hour = parseChain(p, false);
  if (p.ch() !== ':') fail('invalid time (expected H:M or H:M:S)');
  p.i++;
  const minute = parseChain(p, false);
  let microsecond: CalendarComponent[] | null;
  if (p.ch() === '') {
    microsecond = constChain(0);
  } else {
    if (p.ch() !== ':') fail('invalid time (expected H:M or H:M:S)');
    p.i++;
    microsecond = parseChain(p, true);
    if (p.ch() !== '') fail(`unexpected "${p.s.slice(p.i)}"`);
  }
  spec.hour = hour;
  spec.minute = minute;
  spec.microsecond = microsecond;
}

/** Two-digit years as systemd reads them: 00..69 → 2000s, 70..99 → 1900s. */
function fixYear(chain: CalendarComponent[] | null): void {
  for (const c of chain ?? []) {
    if (c.start >= 0 && c.start < 70) c.start += 2000;
    if (c.stop >= 0 && c.stop < 70) c.stop += 2000;
    if (c.start >= 70 && c.start < 100) c.start += 1900;
    if (c.stop >= 70 && c.stop < 100) c.stop += 1900;
  }
}

/**
 * Trims range ends to a whole number of repetitions, sorts and dedups. The order matters beyond
 * looks: the next-elapse search walks components in this order (see oncalendar-next.ts).
 */
function normalizeChain(chain: CalendarComponent[] | null): CalendarComponent[] | null {
  if (!chain) return null;
  for (const c of chain) {
    if (c.stop > c.start && c.repeat > 0) c.stop -= (c.stop - c.start) % c.repeat;
    // A range that can fire only at its start (2024..2030/200, 5..5) is just its start.
    if ((c.stop > c.start && c.start + c.repeat > c.stop) || c.start === c.stop) {
      c.repeat = 0;
      c.stop = -1;
    }
  }
  const cmp = (a: CalendarComponent, b: CalendarComponent): number => a.start - b.start || a.stop - b.stop || a.repeat - b.repeat;
  const sorted = [...chain].sort(cmp);
  return sorted.filter((c, i) => i === 0 || cmp(sorted[i - 1] as CalendarComponent, c) !== 0);
}

function chainValid(chain: CalendarComponent[] | null, from: number, to: number, endOfMonth: boolean): boolean {
  if (!chain) return true;
  // Forbid days more than 28 from the end of the month.
  if (endOfMonth) to -= 3;
  for (const c of chain) {
    if (c.start < from || c.start > to) return false;
    if (c.repeat > to - from) return false;
    // A repetition must be able to happen at least once inside the range.
    if (c.stop >= 0) {
      if (c.stop < from || c.stop > to) return false;
      if (c.start + c.repeat > c.stop) return false;
    } else {
      if (endOfMonth && c.start - c.repeat < from) return false;
      if (!endOfMonth && c.start + c.repeat > to) return false;
    }
  }
  return true;
}

/**
 * A valid IANA zone name as the last word. systemd checks /usr/share/zoneinfo; we have no I/O, so
 * we ask the runtime's IANA database, with systemd's character rules on top.
 */
const zoneNames = new ByteCappedCache<boolean>({ maxBytes: 256 * 1024, maxKeyLength: MAX_TIME_ZONE_LENGTH, entryBytes: 64 });

export function isZoneName(word: string): boolean {
  if (word.length > MAX_TIME_ZONE_LENGTH) return false;
  let known = zoneNames.get(word);
  if (known === undefined) {
    known = checkZoneName(word);
    zoneNames.set(word, known);
  }
  return known;
}

function checkZoneName(word: string): boolean {
  if (word === 'UTC') return true;
  if (!/^[A-Za-z0-9_+-]+(\/[A-Za-z0-9_+-]+)*$/.test(word)) return false;
  if (!IANAZone.isValidZone(word)) return false;
  // Intl matches names case-insensitively; zoneinfo file names (systemd's check) are case-sensitive.
  const canonical = new Intl.DateTimeFormat('en-US', { timeZone: word }).resolvedOptions().timeZone;
  return canonical === word || canonical.toLowerCase() !== word.toLowerCase();
}

const SPECIAL: Record<string, Partial<CalendarSpec>> = (() => {
  const zero = constChain(0);
  const day1 = constChain(1);
  const daily = { hour: zero, minute: zero, microsecond: zero };
  return {
    minutely: { microsecond: zero },
    hourly: { minute: zero, microsecond: zero },
    daily,
    monthly: { day: day1, ...daily },
    weekly: { weekdayBits: 1, ...daily },
    yearly: { month: day1, day: day1, ...daily },
    annually: { month: day1, day: day1, ...daily },
    anually: { month: day1, day: day1, ...daily }, // systemd's backwards-compatible misspelling
    quarterly: { month: [1, 4, 7, 10].map((m) => ({ start: m, stop: -1, repeat: 0 })), day: day1, ...daily },
    semiannually: { month: [1, 7].map((m) => ({ start: m, stop: -1, repeat: 0 })), day: day1, ...daily },
    'semi-annually': { month: [1, 7].map((m) => ({ start: m, stop: -1, repeat: 0 })), day: day1, ...daily },
    biannually: { month: [1, 7].map((m) => ({ start: m, stop: -1, repeat: 0 })), day: day1, ...daily },
    'bi-annually': { month: [1, 7].map((m) => ({ start: m, stop: -1, repeat: 0 })), day: day1, ...daily },
  };
})();

const clone = (chain: CalendarComponent[] | null | undefined): CalendarComponent[] | null => (chain ? chain.map((c) => ({ ...c })) : null);

/** Parses one calendar event; throws ScheduleError with a short message when systemd would refuse it. */
export function parseCalendarSpec(input: string): CalendarSpec {
  const spec: CalendarSpec = {
    weekdayBits: 0,
    year: null,
    month: null,
    day: null,
    hour: null,
    minute: null,
    microsecond: null,
    endOfMonth: false,
    utc: false,
    timezone: null,
  };
  let p = input;
  if (p.length >= 4 && p.slice(-4).toUpperCase() === ' UTC') {
    spec.utc = true;
    p = p.slice(0, -4);
  } else {
    // systemd also accepts the local zone's abbreviations (tzname) here; a server-side monitor has
    // no meaningful "local" zone, so we do not (documented in docs/oncalendar.md).
    const lastSpace = p.lastIndexOf(' ');
    if (lastSpace >= 0 && isZoneName(p.slice(lastSpace + 1))) {
      spec.timezone = p.slice(lastSpace + 1);
      p = p.slice(0, lastSpace);
    }
  }
  if (p === '') fail('must not be empty');

  // hasOwn: "constructor" or "toString" must not find Object.prototype members.
  const special = Object.hasOwn(SPECIAL, p.toLowerCase()) ? SPECIAL[p.toLowerCase()] : undefined;
  if (special) {
    Object.assign(spec, special);
    for (const k of ['year', 'month', 'day', 'hour', 'minute', 'microsecond'] as const) spec[k] = clone(spec[k]);
  } else {
    const cur = new Cursor(p);
    parseWeekdays(cur, spec);
    const done = parseDate(cur, spec);
    if (!done) parseTime(cur, spec);
    if (cur.ch() !== '') fail(`unexpected "${cur.s.slice(cur.i)}"`);
  }

  // calendar_spec_normalize
  if (spec.timezone === 'UTC') {
    spec.utc = true;
    spec.timezone = null;
  }
  if (spec.weekdayBits <= 0 || spec.weekdayBits >= BITS_WEEKDAYS) spec.weekdayBits = -1;
  if (spec.endOfMonth && !spec.day) spec.endOfMonth = false;
  fixYear(spec.year);
  spec.year = normalizeChain(spec.year);
  spec.month = normalizeChain(spec.month);
  spec.day = normalizeChain(spec.day);
  spec.hour = normalizeChain(spec.hour);
  spec.minute = normalizeChain(spec.minute);
  spec.microsecond = normalizeChain(spec.microsecond);

  // calendar_spec_valid
  // The same message covers a value outside the field and a repetition that cannot fit in it.
  const invalid = (field: string, range: string): never => fail(`${field} out of range (${range}), or a repetition that does not fit`);
  if (!chainValid(spec.year, MIN_YEAR, MAX_YEAR, false)) invalid('year', `${MIN_YEAR}..${MAX_YEAR}`);
  if (!chainValid(spec.month, 1, 12, false)) invalid('month', '1..12');
  if (!chainValid(spec.day, 1, 31, spec.endOfMonth)) invalid('day', spec.endOfMonth ? '~1..~28' : '1..31');
  if (!chainValid(spec.hour, 0, 23, false)) invalid('hour', '0..23');
  if (!chainValid(spec.minute, 0, 59, false)) invalid('minute', '0..59');
  if (!chainValid(spec.microsecond, 0, 60 * USEC_PER_SEC - 1, false)) invalid('second', '0..59');
  return spec;
}
