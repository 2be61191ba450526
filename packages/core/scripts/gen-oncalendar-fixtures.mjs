#!/usr/bin/env node
// Regenerates packages/core/src/schedule/__fixtures__/oncalendar-oracle.json from the real
// systemd (`systemd-analyze calendar`, systemd 252 on the dev machine), so the jest suite can
// replay hundreds of cases in milliseconds without spawning systemd thousands of times.
//
//   node packages/core/scripts/gen-oncalendar-fixtures.mjs [--seed N] [--cases N]
//
// Deterministic for a given seed: expressions and base times come from a seeded PRNG. Base times
// cluster where schedules break: around each zone's DST changes, month ends and leap days.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime, IANAZone } from 'luxon';

const here = dirname(fileURLToPath(import.meta.url));

const args = process.argv.slice(2);
const argOf = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const strArg = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const SEED = argOf('--seed', 20261122);
const CASES = argOf('--cases', 700);
// --out and --zones let you probe other zones without touching the committed fixture.
const OUT = strArg('--out', join(here, '../src/schedule/__fixtures__/oncalendar-oracle.json'));
const ZONE_ARG = strArg('--zones', '');
const ITERATIONS = 6;

// mulberry32
let state = SEED >>> 0;
function rand() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (lo, hi) => lo + Math.floor(rand() * (hi - lo + 1));
const pick = (arr) => arr[Math.floor(rand() * arr.length)];
const chance = (p) => rand() < p;
const pad = (n) => String(n).padStart(2, '0');

// Zones with 1 h DST (north and south), a 30 min DST (Lord Howe), 45 min offsets (Chatham),
// DST changes at midnight (Santiago, Havana), half-hour offsets without DST (Kolkata), and UTC.
const ZONES = ZONE_ARG
  ? ZONE_ARG.split(',')
  : [
      'Europe/Riga',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
      'UTC',
      'Pacific/Chatham',
      'America/Santiago',
      'America/Havana',
      'Europe/London',
      'Europe/Dublin', // "negative DST" in tzdata: winter is the flagged period
      'America/Sao_Paulo', // DST changes at midnight until 2019
      'Africa/Casablanca', // DST suspended every Ramadan
    ];

// ---------------------------------------------------------------------------------------------
// Random expressions

const DAY_NAMES = [
  ['Mon', 'Monday'],
  ['Tue', 'Tuesday'],
  ['Wed', 'Wednesday'],
  ['Thu', 'Thursday'],
  ['Fri', 'Friday'],
  ['Sat', 'Saturday'],
  ['Sun', 'Sunday'],
];
const randomCase = (s) => (chance(0.8) ? s : chance(0.5) ? s.toLowerCase() : s.toUpperCase());
const dayName = (i) => randomCase(pick(DAY_NAMES[i]));

function weekdayPart() {
  const items = [];
  for (let n = int(1, 2); n > 0; n--) {
    const a = int(0, 6);
    if (chance(0.4) && a < 6) items.push(`${dayName(a)}${chance(0.9) ? '..' : '-'}${dayName(int(a + 1, 6))}`);
    else items.push(dayName(a));
  }
  return items.join(',');
}

/** One list element for a field with values lo..hi. */
function element(lo, hi, padTo) {
  const v = (n) => (padTo && chance(0.5) ? pad(n) : String(n));
  const r = rand();
  if (r < 0.45) return v(int(lo, hi));
  if (r < 0.65) {
    const a = int(lo, hi - 1);
    return `${v(a)}/${int(1, Math.max(1, Math.floor((hi - a) / 2)))}`;
  }
  if (r < 0.85) {
    const a = int(lo, hi - 1);
    return `${v(a)}..${v(int(a + 1, hi))}`;
  }
  const a = int(lo, hi - 2);
  const b = int(a + 1, hi);
  return `${v(a)}..${v(b)}/${int(1, Math.max(1, b - a))}`;
}

function field(lo, hi, { star = 0.5, padTo = true } = {}) {
  if (chance(star)) return '*';
  const n = chance(0.75) ? 1 : int(2, 3);
  return Array.from({ length: n }, () => element(lo, hi, padTo)).join(',');
}

function yearField() {
  const r = rand();
  if (r < 0.6) return '*';
  if (r < 0.7) return String(int(24, 30)); // two-digit year
  if (r < 0.8) return `${int(2024, 2027)}..${int(2028, 2032)}${chance(0.5) ? `/${int(1, 3)}` : ''}`;
  if (r < 0.9) return `${int(2024, 2026)}/${int(1, 3)}`;
  return [int(2024, 2030), int(2024, 2030)].join(',');
}

function datePart() {
  const year = yearField();
  const month = field(1, 12, { star: 0.55 });
  if (chance(0.15)) {
    // Days counted from the end of the month.
    const day = pick(['1', '01', '2', '3', '7', '07/1', '1..3', '5/2', '14']);
    return chance(0.5) ? `${month}~${day}` : `${year}-${month}~${day}`;
  }
  const day = chance(0.1) ? pick(['29', '30', '31', '28..31']) : field(1, 31, { star: 0.5 });
  return chance(0.2) ? `${month}-${day}` : `${year}-${month}-${day}`;
}

function timePart() {
  const hour = field(0, 23, { star: 0.3 });
  const minute = chance(0.4) ? pick(['00', '0', '30', '15', '45']) : field(0, 59, { star: 0.2 });
  let t = `${hour}:${minute}`;
  const r = rand();
  if (r < 0.55) return t;
  if (r < 0.7) t += `:${pick(['00', '0', '30', '59'])}`;
  else if (r < 0.8) t += ':*';
  else if (r < 0.9) t += `:${field(0, 59, { star: 0 })}`;
  else t += `:${pick(['1.5', '0/7.5', '12.25', '0.5', '10..20', '00/15', '5.125'])}`;
  return t;
}

const SPECIALS = ['minutely', 'hourly', 'daily', 'weekly', 'monthly', 'quarterly', 'semiannually', 'semi-annually', 'biannually', 'yearly', 'annually'];

function expression() {
  if (chance(0.12)) return randomCase(pick(SPECIALS));
  const parts = [];
  const wd = chance(0.25);
  const date = chance(0.7);
  const time = chance(0.85) || (!wd && !date);
  if (wd) parts.push(weekdayPart());
  if (date) parts.push(datePart());
  if (time) parts.push(timePart());
  return parts.join(' ');
}

/** Sub-daily schedules that are sure to meet a DST change when started just before one. */
function denseExpression() {
  const time = pick([
    '*:0/15',
    '*:0/30',
    '*:00',
    '*:30',
    '*:45',
    '*:0/20:30',
    '*:*:0/30',
    '0..4:*',
    '1..3:0/10',
    '00,01,02,03:30',
    '02:00',
    '02:30',
    '03:00',
    '03:30',
    '01:30',
    '00:00',
    '00:30',
    '23:30',
    '*:05,35',
  ]);
  const prefix = pick(['', '', '*-*-* ', 'Sun ', 'Sat..Mon ', '*-*~1..7 ', '*-3,4,9..11-* ']);
  return prefix + time;
}

// ---------------------------------------------------------------------------------------------
// Base times

/** DST changes of `zone` in the given years (found by scanning offsets hourly). */
function transitions(zone, years) {
  const z = IANAZone.create(zone);
  const out = [];
  for (const y of years) {
    let t = Date.UTC(y, 0, 1);
    const end = Date.UTC(y + 1, 0, 1);
    let prev = z.offset(t);
    for (; t < end; t += 1800_000) {
      const o = z.offset(t);
      if (o !== prev) out.push(t);
      prev = o;
    }
  }
  return out;
}

const fmtUtc = (ms) => DateTime.fromMillis(ms, { zone: 'UTC' }).toFormat('yyyy-MM-dd HH:mm:ss');

function baseTime(zone, nearDst = false) {
  if (nearDst) {
    const tr = transitions(zone, [2017, 2018, 2024, 2025, 2026]);
    if (tr.length) return pick(tr) + int(-3 * 60, 60) * 60_000;
  }
  const r = rand();
  if (r < 0.45) {
    const tr = transitions(zone, [2017, 2018, 2024, 2025, 2026]);
    if (tr.length) return pick(tr) + int(-26 * 60, 2 * 60) * 60_000 + pick([0, 0, 1000, 59_000]);
  }
  if (r < 0.7) {
    // Late on a month's last day (local time), leap days included.
    const y = pick([2024, 2025, 2027, 2028]);
    const m = int(1, 12);
    const last = DateTime.fromObject({ year: y, month: m }, { zone }).endOf('month');
    return last
      .minus({ minutes: int(0, 36 * 60) })
      .startOf('minute')
      .toMillis();
  }
  if (r < 0.8) {
    return DateTime.fromObject({ year: pick([2024, 2028]), month: 2, day: int(27, 29), hour: int(0, 23) }, { zone }).toMillis();
  }
  return Date.UTC(int(2024, 2027), int(0, 11), int(1, 28), int(0, 23), int(0, 59), pick([0, 0, 0, 30]));
}

// ---------------------------------------------------------------------------------------------
// Oracle

/** Elapses systemd-analyze printed, and whether it said "never". */
function parseElapses(out) {
  const next = [];
  let never = false;
  for (const line of out.split('\n')) {
    const m = /^\s*(Next elapse|Iter\. #\d+): (.*)$/.exec(line);
    if (!m) continue;
    if (m[2].trim() === 'never') {
      never = true;
      break;
    }
    const d = /(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC/.exec(m[2]);
    if (!d) throw new Error(`unparsed line: ${line}`);
    next.push(d[1].replace(' ', 'T') + 'Z');
  }
  return { next, never };
}

function analyze(expr, baseMs, iterations) {
  try {
    const out = execFileSync('systemd-analyze', ['calendar', `--base-time=${fmtUtc(baseMs)} UTC`, `--iterations=${iterations}`, '--', expr], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, TZ: 'UTC', LC_ALL: 'C' },
    });
    const { next, never } = parseElapses(out);
    return { valid: true, next, end: never ? 'never' : next.length < iterations ? 'stopped' : undefined };
  } catch (err) {
    const stderr = String(err.stderr ?? '');
    if (/Failed to parse calendar specification/.test(stderr)) return { valid: false };
    // systemd gave up on some iteration and then prints no table at all: find the elapses
    // before that one by asking for fewer iterations.
    let next = [];
    for (let n = iterations - 1; n > 0; n--) {
      const shorter = analyze(expr, baseMs, n);
      if (shorter.end !== 'error') {
        next = shorter.next;
        break;
      }
    }
    return { valid: true, next, end: 'error', error: stderr.trim() };
  }
}

// Hand-picked syntax cases on top of the random ones: every grammar corner systemd accepts or refuses.
const SYNTAX = [
  '',
  ' ',
  'daily',
  'Daily',
  'DAILY',
  'anually',
  'bi-annually',
  'fortnightly',
  'hourly UTC',
  'daily utc',
  'daily Europe/Riga',
  'daily europe/riga',
  'daily Mars/Base',
  'Europe/Riga',
  'UTC',
  'weekly Asia/Kolkata',
  'Mon',
  'mon',
  'MONDAY',
  'Mond',
  'Thurs',
  'Mon,',
  'Mon..',
  'Mon..Fri',
  'Fri..Mon',
  'Mon-Fri',
  'Mon.Fri',
  'Mon..Wed,Fri',
  'Sat,Sun 10:00',
  'Mon,,Tue',
  'Sun..Sat',
  'Mon..Tue..Wed',
  '*-*-*',
  '*-*-* *:*:*',
  '*-*',
  '*',
  '*:*',
  '*:*:*',
  '*:*:*:*',
  '12:00',
  '12',
  '12:',
  ':00',
  '24:00',
  '23:60',
  '23:59:60',
  '23:59:59',
  '00:00:00.5',
  '00:00:00.',
  '00:00:.5',
  '0:0:0.1234567',
  '0:0:0.9999995',
  '*:*:*.5',
  '*:*/15',
  '*:0/15',
  '*:0/60',
  '*:0/59',
  '*:1/59',
  '*:00/0',
  '0/24:00',
  '20/5:00',
  '20/3:00',
  '*:*:0/0.5',
  '*:*:0/1.5',
  '*:*:1..1',
  '*:*:1..2',
  '*:*:5..5',
  '*:*:0..59/7',
  '*:*:0.5..1',
  '*-*-1/3',
  '*-*-0',
  '*-*-32',
  '*-*-31',
  '*-13-01',
  '*-00-01',
  '*-02-29',
  '*-02-30',
  '*-02~1',
  '*-*~1',
  '*-*~0',
  '*-*~28',
  '*-*~29',
  '*-*~07/1',
  '*-*~1/1',
  '*-*~5/2',
  '*-*~1..7',
  '*-*~7..1',
  '*-*~03..01',
  '02~1',
  '2024-02~1',
  '2024~02-01',
  '2024~02~01',
  '2024-*-*',
  '1969-*-*',
  '1970-*-*',
  '2199-*-*',
  '2200-*-*',
  '24-*-*',
  '69-*-*',
  '70-*-*',
  '99-*-*',
  '100-*-*',
  '2024..2030/2-*-*',
  '2024..2020-*-*',
  '2024/0-*-*',
  '2024..2030/200-*-*',
  '2024/176-*-*',
  '1..12-1',
  '*-1..12-1',
  '*-1,4,7,10-1',
  '*-1,,4-1',
  '*-1,-1',
  '*-01-01 00:00:00 UTC',
  '*-01-01  12:00',
  'Mon  12:00',
  'Mon *-*-* 12:00 Europe/Riga',
  'Mon 12:00 Europe/Riga UTC',
  '@0',
  '@1700000000',
  '@1700000000 UTC',
  '@-1',
  '@abc',
  '@',
  '@99999999999',
  '+5:00',
  '-5:00',
  '05:+3',
  '1-2-3-4',
  '*-*-* *:*:* *',
  'Mon *',
  'Mon Tue',
  '2024-01-01T12:00',
  '12:00 PM',
  '12.00',
  '0x10:00',
  '1e1:00',
  '*:*:01.000001',
  '*:*:1.0000005',
  '*-*-1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20',
  '*-*-* 2147483648:00',
  '*-*-* 4294967296:00',
  '*-*-* 99999999999999999999:00',
];

function main() {
  const version = execFileSync('systemd-analyze', ['--version'], { encoding: 'utf8' }).split('\n')[0];
  const cases = [];
  const syntax = new Map();
  const remember = (expr, valid) => syntax.set(expr, valid);

  for (const expr of SYNTAX) remember(expr, analyze(expr, Date.UTC(2025, 0, 1), 1).valid);

  let attempts = 0;
  while (cases.length < CASES && attempts < CASES * 4) {
    attempts++;
    const dense = chance(0.25);
    let expr = dense ? denseExpression() : expression();
    const zone = pick(ZONES);
    // The zone goes into the call as our `tz` argument; systemd needs it inside the expression.
    // Sometimes the expression carries its own zone, which must win over `tz`.
    let tz = zone;
    let oracleExpr;
    if (chance(0.15)) {
      expr = `${expr} ${zone === 'UTC' ? pick(['UTC', 'utc']) : zone}`;
      tz = pick(ZONES.filter((z) => z !== zone));
      oracleExpr = expr;
    } else {
      oracleExpr = `${expr} ${zone}`;
    }
    const base = baseTime(zone, dense);
    const res = analyze(oracleExpr, base, ITERATIONS);
    if (!res.valid) {
      remember(expr, false);
      continue;
    }
    if (syntax.size < 400 && chance(0.2)) remember(expr, true);
    const c = { expr, tz, base: new Date(base).toISOString(), next: res.next };
    if (res.end) c.end = res.end;
    if (res.error) c.error = res.error;
    cases.push(c);
  }

  // Mutations of valid expressions (a character dropped, doubled or inserted) probe the parser's
  // edges far more densely than hand-written cases. Leading/trailing blanks and ';' are left out:
  // we trim and split on ';' on purpose (docs/oncalendar.md).
  const pool = [...syntax]
    .filter(([, v]) => v)
    .map(([e]) => e)
    .filter((e) => e.length > 1);
  const INSERTS = [' ', '.', '..', ',', '-', '~', ':', '/', '*', '@', 'x', '0', '9', '99', '5.5', 'Mon', 'UTC'];
  for (let n = 0; n < 180; n++) {
    const e = pick(pool);
    const i = int(0, e.length - 1);
    const r = rand();
    const m = r < 0.35 ? e.slice(0, i) + e.slice(i + 1) : r < 0.5 ? e.slice(0, i) + e[i] + e.slice(i) : e.slice(0, i) + pick(INSERTS) + e.slice(i);
    if (m.trim() !== m || m === '' || /[;\n]/.test(m) || syntax.has(m)) continue;
    remember(m, analyze(m, Date.UTC(2025, 0, 1), 1).valid);
  }

  const fixture = {
    generator: 'packages/core/scripts/gen-oncalendar-fixtures.mjs',
    oracle: `systemd-analyze calendar (${version})`,
    seed: SEED,
    iterations: ITERATIONS,
    cases,
    syntax: [...syntax].map(([expr, valid]) => ({ expr, valid })),
  };
  writeFileSync(OUT, JSON.stringify(fixture, null, 1) + '\n');
  const invalid = fixture.syntax.filter((s) => !s.valid).length;
  console.log(`${cases.length} elapse cases, ${fixture.syntax.length} syntax cases (${invalid} invalid) → ${OUT}`);
}

main();
