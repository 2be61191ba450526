import { applyDueDeadlines, deadlineFor, expectedAt, InvalidTransitionError, transition } from './transition.js';
import type { CheckEvent, CheckState, CheckStatus } from './types.js';
import { IGNORED_PING, isIgnoredPingNote } from './ping-notes.js';

const T0 = new Date('2026-03-01T12:00:00.000Z');
const at = (sec: number) => new Date(T0.getTime() + sec * 1000);
const PERIOD = 3600;
const GRACE = 300;

function hb(over: Partial<CheckState> = {}): CheckState {
  return {
    kind: 'heartbeat',
    status: 'up',
    schedule: { kind: 'period', periodSec: PERIOD, tz: 'UTC' },
    graceSec: GRACE,
    lastPingAt: T0,
    lastStartAt: null,
    lastStartRid: null,
    lastDurationMs: null,
    resumedAt: null,
    nextDeadlineAt: at(PERIOD),
    failureCount: 0,
    confirmations: 1,
    minRunSec: null,
    ...over,
  };
}
function http(over: Partial<CheckState> = {}): CheckState {
  return hb({ kind: 'http', confirmations: 2, nextDeadlineAt: null, ...over });
}
const ping = (kind: 'success' | 'start' | 'fail' | 'log', rid?: string): CheckEvent => ({ type: 'ping', kind, rid: rid ?? null });
const exit = (code: number, rid?: string): CheckEvent => ({ type: 'ping', kind: 'exit', exitStatus: code, rid: rid ?? null });
const stateFor = (status: CheckStatus): CheckState =>
  status === 'new'
    ? hb({ status, lastPingAt: null, nextDeadlineAt: null })
    : status === 'up'
      ? hb()
      : status === 'late'
        ? hb({ status, nextDeadlineAt: at(PERIOD + GRACE) })
        : hb({ status, nextDeadlineAt: null });

describe('transition: heartbeat pings (docs/design.md table)', () => {
  const now = at(100);

  it.each(['new', 'up', 'late', 'down'] as const)('%s + success ping -> up (reason ping), deadline = now + period', (from) => {
    for (const ev of [ping('success'), exit(0)]) {
      const r = transition(stateFor(from), ev, now);
      expect(r.state.status).toBe('up');
      expect(r.state.lastPingAt).toEqual(now);
      expect(r.state.nextDeadlineAt).toEqual(at(100 + PERIOD));
      expect(r.flip).toEqual(from === 'up' ? null : { oldStatus: from, newStatus: 'up', reason: 'ping', ts: now });
    }
  });

  it.each(['new', 'up', 'late'] as const)('%s + fail ping -> down (reason fail), no deadline', (from) => {
    const r = transition(stateFor(from), ping('fail'), now);
    expect(r.state.status).toBe('down');
    expect(r.state.nextDeadlineAt).toBeNull();
    expect(r.flip).toEqual({ oldStatus: from, newStatus: 'down', reason: 'fail', ts: now });
  });

  it.each([
    ['new', 1],
    ['up', 2],
    ['late', 255],
  ] as const)('%s + exit status %d -> down (reason exit)', (from, code) => {
    const r = transition(stateFor(from), exit(code), now);
    expect(r.state.status).toBe('down');
    expect(r.flip).toEqual({ oldStatus: from, newStatus: 'down', reason: 'exit', ts: now });
  });

  it('down + fail/exit: recorded, no flip, stays down', () => {
    for (const ev of [ping('fail'), exit(3)]) {
      const r = transition(stateFor('down'), ev, now);
      expect(r.state.status).toBe('down');
      expect(r.flip).toBeNull();
      expect(r.state.lastPingAt).toEqual(now);
    }
  });

  it.each(['new', 'up', 'late', 'down'] as const)('%s + log ping: nothing changes (not even last ping)', (from) => {
    const s = stateFor(from);
    const r = transition(s, ping('log'), now);
    expect(r.state).toEqual(s);
    expect(r.flip).toBeNull();
  });

  it.each(['new', 'up', 'late'] as const)('%s + start ping: status unchanged, deadline = start + grace, last ping unmoved', (from) => {
    const s = stateFor(from);
    const r = transition(s, ping('start', 'r1'), now);
    expect(r.state.status).toBe(from);
    expect(r.flip).toBeNull();
    expect(r.state.lastStartAt).toEqual(now);
    expect(r.state.lastStartRid).toBe('r1');
    expect(r.state.nextDeadlineAt).toEqual(at(100 + GRACE));
    expect(r.state.lastPingAt).toEqual(s.lastPingAt);
  });

  it('down + start ping: unchanged status and no deadline (nothing to time out to)', () => {
    const r = transition(stateFor('down'), ping('start'), now);
    expect(r.state.status).toBe('down');
    expect(r.state.nextDeadlineAt).toBeNull();
    expect(r.flip).toBeNull();
  });

  it('a check that never pinged stays new without a deadline', () => {
    expect(deadlineFor(stateFor('new'))).toBeNull();
    expect(applyDueDeadlines(stateFor('new'), at(10 * PERIOD)).flips).toEqual([]);
  });
});

describe('transition: runs (start, rid, duration)', () => {
  it('success after start measures duration and closes the run', () => {
    const s1 = transition(hb(), ping('start'), at(10)).state;
    const r = transition(s1, ping('success'), at(70.5));
    expect(r.durationMs).toBe(60_500);
    expect(r.state.lastDurationMs).toBe(60_500);
    expect(r.state.lastStartAt).toBeNull();
    expect(r.state.nextDeadlineAt).toEqual(at(70.5 + PERIOD));
  });

  it('completion with the same rid closes that run; a different rid keeps it open', () => {
    const s1 = transition(hb(), ping('start', 'a'), at(10)).state;
    const other = transition(s1, ping('success', 'b'), at(20));
    expect(other.durationMs).toBeNull();
    expect(other.state.lastStartAt).toEqual(at(10));
    expect(other.state.nextDeadlineAt).toEqual(at(10 + GRACE));
    const same = transition(other.state, ping('success', 'a'), at(30));
    expect(same.durationMs).toBe(20_000);
    expect(same.state.lastStartAt).toBeNull();
  });

  it('overlapping runs: each completion is measured from the start with its rid (runStartedAt)', () => {
    const a = transition(hb(), ping('start', 'a'), at(10)).state;
    const b = transition(a, ping('start', 'b'), at(20)).state;
    const doneA = transition(b, { type: 'ping', kind: 'success', rid: 'a', runStartedAt: at(10) }, at(70));
    expect(doneA.durationMs).toBe(60_000);
    expect(doneA.state.lastDurationMs).toBe(60_000);
    // The latest run (b) is still open and still carries the start + grace deadline.
    expect(doneA.state.lastStartAt).toEqual(at(20));
    expect(doneA.state.lastStartRid).toBe('b');
    expect(doneA.state.nextDeadlineAt).toEqual(at(20 + GRACE));
    const doneB = transition(doneA.state, ping('success', 'b'), at(95));
    expect(doneB.durationMs).toBe(75_000);
    expect(doneB.state.lastDurationMs).toBe(75_000);
    expect(doneB.state.lastStartAt).toBeNull();
    expect(doneB.state.nextDeadlineAt).toEqual(at(95 + PERIOD));
  });

  it('a rid run that overlaps a start without rid is measured from its own start', () => {
    const b = transition(hb(), ping('start', 'b'), at(10)).state;
    const plain = transition(b, ping('start'), at(20)).state;
    const r = transition(plain, { type: 'ping', kind: 'exit', exitStatus: 0, rid: 'b', runStartedAt: at(10) }, at(40));
    expect(r.durationMs).toBe(30_000);
    expect(r.state.lastStartAt).toEqual(at(20));
    // No open run with that rid (runStartedAt null): the latest start without rid is closed, as before.
    const r2 = transition(plain, { type: 'ping', kind: 'success', rid: 'c', runStartedAt: null }, at(50));
    expect(r2.durationMs).toBe(30_000);
    expect(r2.state.lastStartAt).toBeNull();
  });

  it('a completion after the latest run closed measures an older run that is still open', () => {
    const a = transition(hb(), ping('start', 'a'), at(10)).state;
    const b = transition(a, ping('start', 'b'), at(20)).state;
    const doneB = transition(b, ping('success', 'b'), at(30)).state;
    const doneA = transition(doneB, { type: 'ping', kind: 'fail', rid: 'a', runStartedAt: at(10) }, at(100));
    expect(doneA.durationMs).toBe(90_000);
    expect(doneA.state.lastDurationMs).toBe(90_000);
    expect(doneA.state.status).toBe('down');
  });

  it('completion without rid closes the latest start; fail after start measures too', () => {
    const s1 = transition(hb(), ping('start', 'a'), at(10)).state;
    const r = transition(s1, ping('fail'), at(15));
    expect(r.durationMs).toBe(5000);
    expect(r.state.status).toBe('down');
    expect(r.flip?.reason).toBe('fail');
    expect(r.state.lastDurationMs).toBe(5000);
  });

  it('success without a start has no duration and keeps the previous one', () => {
    const r = transition(hb({ lastDurationMs: 42 }), ping('success'), at(10));
    expect(r.durationMs).toBeNull();
    expect(r.state.lastDurationMs).toBe(42);
  });

  it.each(['new', 'up', 'late'] as const)('%s: start then nothing for grace -> down (timeout) stamped start + grace', (from) => {
    const s1 = transition(stateFor(from), ping('start'), at(10)).state;
    const early = applyDueDeadlines(s1, at(10 + GRACE - 1));
    expect(early.flips).toEqual([]);
    const r = applyDueDeadlines(s1, at(10 + GRACE + 500));
    expect(r.flips).toEqual([{ oldStatus: from, newStatus: 'down', reason: 'timeout', ts: at(10 + GRACE) }]);
    expect(r.state.status).toBe('down');
    expect(r.state.nextDeadlineAt).toBeNull();
  });
});

describe('transition: minimum run time (heartbeat, minRunSec)', () => {
  const MIN = 60;
  /** A heartbeat with a minimum run time and a run started at 10 s (rid `a` unless null). */
  const started = (from: CheckStatus = 'up', rid: string | null = 'a') =>
    transition(hb({ ...stateFor(from), minRunSec: MIN }), ping('start', rid ?? undefined), at(10)).state;

  it('a run exactly as long as the minimum is fine: up, no note', () => {
    for (const ev of [ping('success'), exit(0), ping('success', 'a')]) {
      const r = transition(started(), ev, at(10 + MIN));
      expect(r.state.status).toBe('up');
      expect(r.flip).toBeNull();
      expect(r.note).toBeNull();
      expect(r.durationMs).toBe(MIN * 1000);
    }
  });

  it.each(['new', 'up', 'late'] as const)('%s + success after a shorter run -> down (reason short_run), with the note', (from) => {
    for (const ev of [ping('success'), exit(0), ping('success', 'a')]) {
      const r = transition(started(from), ev, at(10 + MIN - 0.001));
      expect(r.state.status).toBe('down');
      expect(r.flip).toEqual({ oldStatus: from, newStatus: 'down', reason: 'short_run', ts: at(10 + MIN - 0.001) });
      expect(r.note).toBe('run took 59 s, shorter than the minimum of 60 s');
      expect(r.durationMs).toBe(MIN * 1000 - 1);
      // Otherwise exactly a fail ping: run closed and measured, last ping moved, no deadline.
      const failed = transition(started(from), ping('fail'), at(10 + MIN - 0.001));
      expect(r.state).toEqual(failed.state);
    }
  });

  it('down + short run: stays down without a flip, the ping still gets its note', () => {
    const r = transition(started('down'), ping('success'), at(22));
    expect(r.state.status).toBe('down');
    expect(r.flip).toBeNull();
    expect(r.note).toBe('run took 12 s, shorter than the minimum of 60 s');
  });

  it('a failed short run keeps its own reason (fail, exit) and has no note', () => {
    const failed = transition(started(), ping('fail'), at(20));
    expect(failed.flip?.reason).toBe('fail');
    expect(failed.note).toBeNull();
    const exited = transition(started(), exit(2), at(20));
    expect(exited.flip?.reason).toBe('exit');
    expect(exited.note).toBeNull();
  });

  it('no measured run (no start, or a rid without a known start): nothing to check, up', () => {
    const noStart = transition(hb({ minRunSec: MIN, status: 'late' }), ping('success'), at(20));
    expect(noStart.state.status).toBe('up');
    expect(noStart.flip?.reason).toBe('ping');
    expect(noStart.note).toBeNull();
    const unknownRid = transition(started(), { type: 'ping', kind: 'success', rid: 'zz', runStartedAt: null }, at(20));
    expect(unknownRid.durationMs).toBeNull();
    expect(unknownRid.state.status).toBe('up');
    expect(unknownRid.note).toBeNull();
  });

  it('no minimum (null): a short run is fine', () => {
    const s = transition(hb(), ping('start'), at(10)).state;
    const r = transition(s, ping('success'), at(11));
    expect(r.state.status).toBe('up');
    expect(r.note).toBeNull();
  });

  it('log pings are unaffected and leave the run open', () => {
    const s = started();
    const r = transition(s, ping('log'), at(12));
    expect(r.state).toEqual(s);
    expect(r.flip).toBeNull();
    expect(r.note).toBeNull();
  });

  it('paused: the start and the success are both ignored (no run, no short-run judgement)', () => {
    const paused = hb({ status: 'paused', nextDeadlineAt: null, minRunSec: MIN });
    const s = transition(paused, ping('start'), at(10)).state;
    expect(s).toEqual(paused);
    const r = transition(s, ping('success'), at(12));
    expect(r.state).toEqual(paused);
    expect(r.flip).toBeNull();
    expect(r.note).toBe(IGNORED_PING.paused);
    expect(r.durationMs).toBeNull();
  });

  it('overlapping rid runs: each completion is measured from its own start', () => {
    const a = started('up', 'a');
    const b = transition(a, ping('start', 'b'), at(50)).state;
    // a ran 70 s (long enough), b only 30 s
    const doneA = transition(b, { type: 'ping', kind: 'success', rid: 'a', runStartedAt: at(10) }, at(80));
    expect(doneA.state.status).toBe('up');
    expect(doneA.note).toBeNull();
    const doneB = transition(doneA.state, ping('success', 'b'), at(80));
    expect(doneB.flip).toEqual({ oldStatus: 'up', newStatus: 'down', reason: 'short_run', ts: at(80) });
    expect(doneB.note).toBe('run took 30 s, shorter than the minimum of 60 s');
    // An overlapping run that is not the latest is short: down, and the latest run stays open.
    const shortA = transition(b, { type: 'ping', kind: 'success', rid: 'a', runStartedAt: at(40) }, at(60));
    expect(shortA.flip?.reason).toBe('short_run');
    expect(shortA.note).toBe('run took 20 s, shorter than the minimum of 60 s');
    expect(shortA.state.lastStartRid).toBe('b');
  });

  it('http checks are never judged by run time', () => {
    const s = transition(http({ minRunSec: MIN }), ping('start'), at(10)).state;
    const r = transition(s, ping('success'), at(11));
    expect(r.flip?.reason).not.toBe('short_run');
    expect(r.note).toBeNull();
  });
});

describe('transition: timeouts (heartbeat)', () => {
  it('up -> late at the expected time, late -> down at expected + grace, each stamped with its deadline', () => {
    const s = hb();
    expect(transition(s, { type: 'deadline' }, at(PERIOD - 1)).flip).toBeNull();
    const late = transition(s, { type: 'deadline' }, at(PERIOD + 2));
    expect(late.flip).toEqual({ oldStatus: 'up', newStatus: 'late', reason: 'timeout', ts: at(PERIOD) });
    expect(late.state.nextDeadlineAt).toEqual(at(PERIOD + GRACE));
    const down = transition(late.state, { type: 'deadline' }, at(PERIOD + GRACE + 3));
    expect(down.flip).toEqual({ oldStatus: 'late', newStatus: 'down', reason: 'timeout', ts: at(PERIOD + GRACE) });
    expect(down.state.nextDeadlineAt).toBeNull();
  });

  it('applyDueDeadlines catches up: up -> late -> down in one scan when behind', () => {
    const r = applyDueDeadlines(hb(), at(PERIOD + GRACE + 3600));
    expect(r.flips).toEqual([
      { oldStatus: 'up', newStatus: 'late', reason: 'timeout', ts: at(PERIOD) },
      { oldStatus: 'late', newStatus: 'down', reason: 'timeout', ts: at(PERIOD + GRACE) },
    ]);
    expect(r.state.status).toBe('down');
  });

  it('applyDueDeadlines at exactly the deadline applies it; before it, nothing', () => {
    expect(applyDueDeadlines(hb(), at(PERIOD)).flips).toHaveLength(1);
    expect(applyDueDeadlines(hb(), at(PERIOD - 0.001)).flips).toHaveLength(0);
  });

  it('a stale deadline on a status without one is cleared without a flip', () => {
    const r = applyDueDeadlines(hb({ status: 'down', nextDeadlineAt: at(10) }), at(20));
    expect(r.flips).toEqual([]);
    expect(r.state.nextDeadlineAt).toBeNull();
  });

  it('cron schedule: expected time is the first occurrence strictly after the last ping, in tz', () => {
    const s = hb({ schedule: { kind: 'cron', cron: '0 3 * * *', tz: 'Europe/Riga' }, lastPingAt: new Date('2026-03-28T01:00:05Z') });
    // 2026-03-29 03:00 does not exist in Riga (spring forward): next is 2026-03-30 03:00 EEST.
    expect(deadlineFor(s)).toEqual(new Date('2026-03-30T00:00:00Z'));
    expect(deadlineFor({ ...s, status: 'late' })).toEqual(new Date('2026-03-30T00:05:00Z'));
  });
});

describe('transition: paused, pause, resume, quota', () => {
  const paused = hb({ status: 'paused', nextDeadlineAt: null });

  it.each([ping('success'), ping('fail'), ping('start'), ping('log'), exit(0), exit(9)])(
    'paused + %j: recorded only (noted as ignored), nothing moves, not even the last ping',
    (ev) => {
      const r = transition(paused, ev, at(10));
      expect(r.state).toEqual(paused);
      expect(r.flip).toBeNull();
      expect(r.note).toBe(IGNORED_PING.paused);
      expect(isIgnoredPingNote(r.note)).toBe(true);
    },
  );

  it('a run started before the pause is not closed by a completion while paused; resume forgets it', () => {
    const running = transition(hb(), ping('start', 'a'), at(10)).state;
    const p = transition(running, { type: 'pause' }, at(11)).state;
    expect(transition(p, ping('success', 'a'), at(12)).state).toEqual(p);
    expect(transition(p, { type: 'resume' }, at(13)).state).toMatchObject({ status: 'up', lastStartAt: null, lastStartRid: null });
  });

  it('paused + probe: recorded only', () => {
    const r = transition({ ...paused, kind: 'http' }, { type: 'probe', outcome: 'down' }, at(10));
    expect(r.state.status).toBe('paused');
    expect(r.flip).toBeNull();
    expect(r.state.failureCount).toBe(0);
  });

  it.each(['new', 'up', 'late', 'down'] as const)('%s + pause -> paused (manual), deadline cleared', (from) => {
    const r = transition(stateFor(from), { type: 'pause' }, at(5));
    expect(r.state.status).toBe('paused');
    expect(r.state.nextDeadlineAt).toBeNull();
    expect(r.flip).toEqual({ oldStatus: from, newStatus: 'paused', reason: 'manual', ts: at(5) });
  });

  it('pausing a paused check: no flip', () => {
    expect(transition(paused, { type: 'pause' }, at(5)).flip).toBeNull();
    expect(transition(paused, { type: 'quota' }, at(5)).flip).toBeNull();
  });

  it.each(['new', 'up', 'late', 'down'] as const)('%s + quota -> paused (quota)', (from) => {
    const r = transition(stateFor(from), { type: 'quota' }, at(5));
    expect(r.flip).toEqual({ oldStatus: from, newStatus: 'paused', reason: 'quota', ts: at(5) });
    expect(r.state.nextDeadlineAt).toBeNull();
  });

  it('resume, pinged before -> up, deadline counted from the resume', () => {
    const r = transition(paused, { type: 'resume' }, at(7200));
    expect(r.state.status).toBe('up');
    expect(r.state.resumedAt).toEqual(at(7200));
    expect(r.state.nextDeadlineAt).toEqual(at(7200 + PERIOD));
    expect(r.flip).toEqual({ oldStatus: 'paused', newStatus: 'up', reason: 'resumed', ts: at(7200) });
  });

  it('resume, never pinged -> new without deadline; an open run is dropped', () => {
    const r = transition(hb({ status: 'paused', lastPingAt: null, lastStartAt: at(1), nextDeadlineAt: null }), { type: 'resume' }, at(50));
    expect(r.state.status).toBe('new');
    expect(r.state.nextDeadlineAt).toBeNull();
    expect(r.state.lastStartAt).toBeNull();
    expect(r.flip?.reason).toBe('resumed');
  });

  it.each(['new', 'up', 'late', 'down'] as const)('resume of a %s check throws InvalidTransitionError', (from) => {
    expect(() => transition(stateFor(from), { type: 'resume' }, at(1))).toThrow(InvalidTransitionError);
  });
});

describe('transition: http checks', () => {
  it('success probe -> up (ping), failure count reset; no deadline', () => {
    const r = transition(http({ status: 'down', failureCount: 3 }), { type: 'probe', outcome: 'up' }, at(10));
    expect(r.state.status).toBe('up');
    expect(r.state.failureCount).toBe(0);
    expect(r.flip).toEqual({ oldStatus: 'down', newStatus: 'up', reason: 'ping', ts: at(10) });
    expect(r.state.nextDeadlineAt).toBeNull();
  });

  it('failing (not all confirmed) -> late (fail); the quorum confirmed -> down (fail), naming the locations', () => {
    const one = transition(http(), { type: 'probe', outcome: 'failing', locations: ['eu'] }, at(10));
    expect(one.state.status).toBe('late');
    expect(one.flip).toEqual({ oldStatus: 'up', newStatus: 'late', reason: 'fail', ts: at(10), locations: ['eu'] });
    expect(one.state.nextDeadlineAt).toBeNull();
    const two = transition(one.state, { type: 'probe', outcome: 'down', locations: ['eu', 'us'] }, at(20));
    expect(two.state.status).toBe('down');
    expect(two.flip).toEqual({ oldStatus: 'late', newStatus: 'down', reason: 'fail', ts: at(20), locations: ['eu', 'us'] });
    expect(two.state.nextDeadlineAt).toBeNull();
    const three = transition(two.state, { type: 'probe', outcome: 'failing' }, at(30));
    expect(three.flip).toBeNull();
    expect(three.state.failureCount).toBe(3);
  });

  it('a new check whose quorum confirms a failure is down', () => {
    const r = transition(http({ status: 'new', lastPingAt: null, confirmations: 1 }), { type: 'probe', outcome: 'down' }, at(1));
    expect(r.flip).toEqual({ oldStatus: 'new', newStatus: 'down', reason: 'fail', ts: at(1) });
  });

  it('certificate expiring soon -> late (fail) and resets the failure count', () => {
    const r = transition(http({ failureCount: 1 }), { type: 'probe', outcome: 'warning' }, at(10));
    expect(r.state.status).toBe('late');
    expect(r.state.failureCount).toBe(0);
    expect(r.flip?.reason).toBe('fail');
  });

  it('certificate warning on a down check: recovers to up first, the next warning makes it late', () => {
    const down = http({ status: 'down', failureCount: 2 });
    const one = transition(down, { type: 'probe', outcome: 'warning' }, at(10));
    expect(one.flip).toEqual({ oldStatus: 'down', newStatus: 'up', reason: 'ping', ts: at(10) });
    expect(one.state.failureCount).toBe(0);
    const two = transition(one.state, { type: 'probe', outcome: 'warning' }, at(20));
    expect(two.flip).toEqual({ oldStatus: 'up', newStatus: 'late', reason: 'fail', ts: at(20) });
  });

  it('no quorum either way: nothing changes but the last result time', () => {
    const r = transition(http({ status: 'late', failureCount: 1 }), { type: 'probe', outcome: 'none' }, at(10));
    expect(r.flip).toBeNull();
    expect(r.state).toEqual({ ...http({ status: 'late', failureCount: 1 }), lastPingAt: at(10) });
  });

  it("prober outage: no timeout (stale locations are the operators' alert); a deadline left by an earlier version is dropped", () => {
    expect(applyDueDeadlines(http(), at(PERIOD + 3 * GRACE)).flips).toEqual([]);
    const old = applyDueDeadlines(http({ nextDeadlineAt: at(PERIOD + GRACE) }), at(PERIOD + 3 * GRACE));
    expect(old).toEqual({ state: http(), flips: [] });
  });

  it('a new http check has no deadline', () => {
    expect(deadlineFor(http({ status: 'new', lastPingAt: null }))).toBeNull();
  });
});

describe('expectedAt', () => {
  it('is the first occurrence after the later of last ping and resume', () => {
    expect(expectedAt(hb())).toEqual(at(PERIOD));
    expect(expectedAt(hb({ resumedAt: at(100) }))).toEqual(at(100 + PERIOD));
    expect(expectedAt(hb({ lastPingAt: null }))).toBeNull();
  });
});
