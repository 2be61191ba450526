import { transition } from '../state/transition.js';
import type { CheckState } from '../state/types.js';
import {
  applyLocationResult,
  isLocationStale,
  majority,
  quorumVerdict,
  staleAfterMs,
  type LocationState,
  type QuorumOutcome,
  type QuorumRules,
} from './location-quorum.js';

const T0 = Date.parse('2026-11-27T12:00:00.000Z');
const at = (sec: number) => new Date(T0 + sec * 1000);
const STALE_MS = 240_000;
const rules = (locations: string[], over: Partial<QuorumRules> = {}): QuorumRules => ({
  locations,
  quorum: null,
  confirmations: 2,
  staleAfterMs: STALE_MS,
  ...over,
});
const state = (location: string, status: LocationState['status'], failuresInRow = status === 'failing' ? 1 : 0, ageSec = 0): LocationState => ({
  location,
  status,
  failuresInRow,
  lastResultAt: at(-ageSec),
});

describe('applyLocationResult', () => {
  it('counts failures in a row per location, and an answer resets them', () => {
    let s = applyLocationResult(undefined, { location: 'eu', ok: false, warning: false, at: at(0) });
    expect(s).toEqual({ location: 'eu', status: 'failing', failuresInRow: 1, lastResultAt: at(0) });
    s = applyLocationResult(s, { location: 'eu', ok: false, warning: false, at: at(60) });
    expect(s.failuresInRow).toBe(2);
    s = applyLocationResult(s, { location: 'eu', ok: true, warning: true, at: at(120) });
    expect(s).toEqual({ location: 'eu', status: 'warning', failuresInRow: 0, lastResultAt: at(120) });
    s = applyLocationResult(s, { location: 'eu', ok: false, warning: false, at: at(180) });
    expect(s.failuresInRow).toBe(1);
    expect(applyLocationResult(s, { location: 'eu', ok: true, warning: false, at: at(240) }).status).toBe('up');
  });
});

describe('isLocationStale', () => {
  it('is stale strictly after staleAfterMs, and when it never reported', () => {
    expect(isLocationStale(undefined, STALE_MS, at(0))).toBe(true);
    expect(isLocationStale(state('eu', 'up'), STALE_MS, at(STALE_MS / 1000))).toBe(false);
    expect(isLocationStale(state('eu', 'up'), STALE_MS, new Date(T0 + STALE_MS + 1))).toBe(true);
  });
});

describe('staleAfterMs', () => {
  it('is three intervals plus a minute', () => {
    expect(staleAfterMs({ kind: 'period', periodSec: 60, tz: 'UTC' }, at(0))).toBe(240_000);
    expect(staleAfterMs({ kind: 'cron', cron: '*/5 * * * *', tz: 'UTC' }, at(7))).toBe(3 * 300_000 + 60_000);
  });
});

describe('quorumVerdict', () => {
  it('three locations, default majority (2 of 3): one confirmed failure is not an outage', () => {
    const locs = ['ap', 'eu', 'us'];
    expect(quorumVerdict([state('eu', 'failing', 5), state('us', 'up'), state('ap', 'up')], rules(locs), at(0))).toMatchObject({
      outcome: 'up',
      locations: ['ap', 'us'],
      required: 2,
    });
    expect(quorumVerdict([state('eu', 'failing', 5), state('us', 'failing', 1), state('ap', 'up')], rules(locs), at(0))).toMatchObject({
      outcome: 'failing',
      locations: ['eu', 'us'],
    });
    expect(quorumVerdict([state('eu', 'failing', 5), state('us', 'failing', 2), state('ap', 'up')], rules(locs), at(0))).toMatchObject({
      outcome: 'down',
      locations: ['eu', 'us'],
    });
  });

  it('the quorum is counted among live locations; none live: no verdict', () => {
    const locs = ['ap', 'eu', 'us'];
    const v = quorumVerdict([state('eu', 'failing', 2), state('us', 'up', 0, 600), state('ap', 'failing', 3, 600)], rules(locs), at(0));
    expect(v).toEqual({ outcome: 'down', locations: ['eu'], live: ['eu'], stale: ['ap', 'us'], required: 1 });
    expect(quorumVerdict([state('eu', 'failing', 2, 241)], rules(locs), at(0))).toEqual({
      outcome: 'none',
      locations: [],
      live: [],
      stale: ['ap', 'eu', 'us'],
      required: 0,
    });
  });

  it('an explicit quorum is capped at the live count; states of other locations are ignored', () => {
    const locs = ['eu', 'us'];
    expect(quorumVerdict([state('eu', 'failing', 2), state('us', 'up'), state('zz', 'failing', 9)], rules(locs, { quorum: 1 }), at(0)).outcome).toBe('down');
    expect(quorumVerdict([state('eu', 'failing', 2)], rules(locs, { quorum: 2 }), at(0))).toMatchObject({ outcome: 'down', required: 1 });
  });

  it('mixed results without a quorum either way: none', () => {
    expect(quorumVerdict([state('eu', 'failing', 2), state('us', 'up')], rules(['eu', 'us']), at(0)).outcome).toBe('none');
  });

  // Every combination of 1–4 locations × their states × every quorum, against a direct restatement
  // of the rule (docs/locations.md, "Quorum").
  const kinds = ['up', 'warning', 'failing1', 'failing2', 'stale', 'absent'] as const;
  type Kind = (typeof kinds)[number];
  function combos(n: number): Kind[][] {
    if (n === 0) return [[]];
    return combos(n - 1).flatMap((c) => kinds.map((k) => [...c, k]));
  }
  function oracle(ks: Kind[], quorum: number | null): QuorumOutcome {
    const live = ks.filter((k) => k !== 'stale' && k !== 'absent');
    if (live.length === 0) return 'none';
    const q = Math.min(quorum ?? Math.floor(live.length / 2) + 1, live.length);
    const count = (pred: (k: Kind) => boolean) => live.filter(pred).length;
    if (count((k) => k === 'failing2') >= q) return 'down';
    if (count((k) => k === 'failing1' || k === 'failing2') >= q) return 'failing';
    if (count((k) => k === 'up') >= q) return 'up';
    if (count((k) => k === 'up' || k === 'warning') >= q) return 'warning';
    return 'none';
  }
  it.each([1, 2, 3, 4])('%i locations: every combination of states and quorums agrees with the rule', (n) => {
    const names = ['l0', 'l1', 'l2', 'l3'].slice(0, n);
    let cases = 0;
    for (const ks of combos(n)) {
      const states = ks.flatMap((k, i): LocationState[] => {
        const name = names[i] as string;
        if (k === 'absent') return [];
        if (k === 'stale') return [state(name, 'up', 0, 300)];
        if (k === 'failing1') return [state(name, 'failing', 1)];
        if (k === 'failing2') return [state(name, 'failing', 2)];
        return [state(name, k)];
      });
      for (const quorum of [null, ...names.map((_, i) => i + 1)]) {
        const v = quorumVerdict(states, rules(names, { quorum }), at(0));
        expect([ks.join(','), quorum, v.outcome]).toEqual([ks.join(','), quorum, oracle(ks, quorum)]);
        expect(v.live.length + v.stale.length).toBe(n);
        cases++;
      }
    }
    expect(cases).toBe(6 ** n * (n + 1));
  });

  it('majority', () => {
    expect([1, 2, 3, 4, 5].map(majority)).toEqual([1, 2, 2, 3, 3]);
  });
});

describe('one location behaves as a check probed from one place did before locations', () => {
  const http: CheckState = {
    kind: 'http',
    status: 'up',
    schedule: { kind: 'period', periodSec: 60, tz: 'UTC' },
    graceSec: 30,
    lastPingAt: at(0),
    lastStartAt: null,
    lastStartRid: null,
    lastDurationMs: null,
    resumedAt: null,
    nextDeadlineAt: null,
    failureCount: 0,
    confirmations: 2,
    minRunSec: null,
  };
  it('fail, fail, fail, warning, warning, ok: late, down, -, up, late, up', () => {
    const r = rules(['local']);
    let check = http;
    let loc: LocationState | undefined;
    const seen: (string | null)[] = [];
    const results: [boolean, boolean][] = [
      [false, false],
      [false, false],
      [false, false],
      [true, true],
      [true, true],
      [true, false],
    ];
    results.forEach(([ok, warning], i) => {
      loc = applyLocationResult(loc, { location: 'local', ok, warning, at: at(60 * (i + 1)) });
      const v = quorumVerdict([loc], r, at(60 * (i + 1)));
      const t = transition(check, { type: 'probe', outcome: v.outcome, locations: v.locations }, at(60 * (i + 1)));
      check = t.state;
      seen.push(t.flip ? `${t.flip.newStatus}:${t.flip.reason}:${(t.flip.locations ?? []).join('+')}` : null);
    });
    expect(seen).toEqual(['late:fail:local', 'down:fail:local', null, 'up:ping:local', 'late:fail:local', 'up:ping:local']);
  });
});
