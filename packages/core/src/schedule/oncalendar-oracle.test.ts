import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { nextElapse } from './oncalendar-next.js';
import { parseCalendarSpec } from './oncalendar-parse.js';
import { nextOnCalendarAfter, validateOnCalendar } from './oncalendar.js';

// Replays what the real systemd (`systemd-analyze calendar`, systemd 252) answered for generated
// expressions, zones and base times (around DST changes, month ends, leap days). Two recordings:
// the general one (`node packages/core/scripts/gen-oncalendar-fixtures.mjs`) and a DST-heavy one
// (its command is in the file).

interface ElapseCase {
  expr: string;
  /** Our `tz` argument; systemd got it appended to the expression unless the expression has a zone. */
  tz: string;
  base: string;
  /** systemd's elapses, each searched from the previous one; whole seconds (its output precision). */
  next: string[];
  /** never: no more elapses; stopped: fewer than asked, then none; error: systemd gave up. */
  end?: 'never' | 'stopped' | 'error';
}

interface Fixture {
  iterations: number;
  cases: ElapseCase[];
  syntax: { expr: string; valid: boolean }[];
}

const load = (name: string): Fixture => JSON.parse(readFileSync(new URL(`./__fixtures__/${name}`, import.meta.url), 'utf8')) as Fixture;
const fixtures: [string, Fixture][] = [
  ['oncalendar-oracle.json', load('oncalendar-oracle.json')],
  ['oncalendar-oracle-dst.json', load('oncalendar-oracle-dst.json')],
];

/** systemd prints whole seconds; our results may carry fractional seconds. */
const toSecond = (d: Date): string => new Date(Math.floor(d.getTime() / 1000) * 1000).toISOString().replace('.000Z', 'Z');

/** Our chain of elapses as systemd-analyze would print it, plus how it ended. */
function replay(expr: string, tz: string, base: string, n: number): { next: string[]; end?: string } {
  const next: string[] = [];
  let after = new Date(base);
  for (let i = 0; i < n; i++) {
    try {
      after = nextOnCalendarAfter(expr, tz, after);
    } catch (err) {
      return { next, end: (err as Error).message };
    }
    next.push(toSecond(after));
  }
  return { next };
}

describe.each(fixtures)('OnCalendar against systemd-analyze (recorded in %s)', (_name, fixture) => {
  it('the fixture is substantial', () => {
    expect(fixture.cases.length).toBeGreaterThanOrEqual(400);
    expect(fixture.syntax.filter((s) => !s.valid).length).toBeGreaterThanOrEqual(50);
  });

  it('every elapse chain matches systemd', () => {
    const mismatches: string[] = [];
    for (const c of fixture.cases.filter((k) => k.end !== 'error')) {
      // 'stopped': systemd-analyze printed fewer elapses than asked because there were no more.
      const ends = c.end === 'never' || c.end === 'stopped';
      const want = ends ? { next: c.next, end: 'never elapses' } : { next: c.next };
      const got = replay(c.expr, c.tz, c.base, ends ? c.next.length + 1 : c.next.length);
      if (JSON.stringify(got) !== JSON.stringify(want)) {
        mismatches.push(`${JSON.stringify(c)}\n  ours: ${JSON.stringify(got)}`);
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('where systemd gives up, our systemd-exact search gives up too, and the fallback finds an elapse', () => {
    const stuck = fixture.cases.filter((k) => k.end === 'error');
    expect(stuck.length).toBeGreaterThan(0);
    for (const c of stuck) {
      // The elapses systemd did print match; the one after them is where it gave up.
      expect(replay(c.expr, c.tz, c.base, c.next.length).next).toEqual(c.next);
      const from = new Date(c.next.length > 0 ? (c.next[c.next.length - 1] as string) : c.base);
      const spec = parseCalendarSpec(c.expr);
      const exact = nextElapse(spec, spec.timezone ?? c.tz, from.getTime() * 1000);
      expect(exact.kind).toBe('gave-up');
      expect(nextOnCalendarAfter(c.expr, c.tz, from).getTime()).toBeGreaterThan(from.getTime());
    }
  });

  it('validateOnCalendar accepts exactly what systemd accepts', () => {
    const disagreements = fixture.syntax
      .filter((s) => (validateOnCalendar(s.expr) === null) !== s.valid)
      .map((s) => `${JSON.stringify(s.expr)}: systemd ${s.valid ? 'accepts' : 'refuses'}, ours: ${validateOnCalendar(s.expr)}`);
    expect(disagreements).toEqual([]);
  });
});

function systemdAnalyze(): boolean {
  try {
    execFileSync('systemd-analyze', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

// A few cases asked of systemd now, so a stale fixture or a different systemd shows up.
const describeLive = systemdAnalyze() ? describe : describe.skip;

describeLive('OnCalendar against systemd-analyze (live)', () => {
  it.each([
    ['Mon..Fri 09:00', 'Europe/Riga', '2025-03-28T20:00:00Z'],
    ['*:0/20', 'America/New_York', '2025-11-02T05:10:00Z'],
    ['*-*~1..3 02:30', 'Australia/Lord_Howe', '2025-09-25T00:00:00Z'],
    ['Sat,Sun *-*-1..7 00:15', 'Pacific/Chatham', '2026-04-01T00:00:00Z'],
    ['quarterly', 'Asia/Kolkata', '2024-12-31T20:00:00Z'],
  ])('%s in %s from %s', (expr, tz, base) => {
    const n = 5;
    const iso = base.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');
    const out = execFileSync('systemd-analyze', ['calendar', `--base-time=${iso}`, `--iterations=${n}`, '--', `${expr} ${tz}`], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC', LC_ALL: 'C' },
    });
    const want = [...out.matchAll(/(?:Next elapse|Iter\. #\d+): \w+ (\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d) UTC/g)].map((m) => `${m[1]}T${m[2]}Z`);
    expect(want).toHaveLength(n);
    expect(replay(expr, tz, base, n).next).toEqual(want);
  });
});
