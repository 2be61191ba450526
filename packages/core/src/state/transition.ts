import { nextAfter } from '../schedule/next-after.js';
import type { QuorumOutcome } from '../probe/location-quorum.js';
import { IGNORED_PING } from './ping-notes.js';
import { isProbedKind, type CheckEvent, type CheckState, type CheckStatus, type FlipReason, type FlipRecord, type TransitionResult } from './types.js';

/** An event that makes no sense in the current status (e.g. resume of a check that is not paused). */
export class InvalidTransitionError extends Error {
  constructor(
    readonly code: 'not_paused',
    message: string,
  ) {
    super(message);
    this.name = 'InvalidTransitionError';
  }
}

const addSec = (d: Date, sec: number) => new Date(d.getTime() + sec * 1000);
const maxDate = (a: Date | null, b: Date | null) => (a && b ? (a > b ? a : b) : (a ?? b));

/** Expected times are counted from the last ping or the last resume, whichever is later. */
function anchorOf(s: CheckState): Date | null {
  return maxDate(s.lastPingAt, s.resumedAt);
}

/** A heartbeat run was started (start ping) and has not finished. */
function isRunning(s: CheckState): boolean {
  return s.kind === 'heartbeat' && s.lastStartAt !== null && (s.status === 'new' || s.status === 'up' || s.status === 'late');
}

/** The next expected ping (or probe): the first schedule occurrence after the anchor; null without one. */
export function expectedAt(s: CheckState): Date | null {
  const anchor = anchorOf(s);
  return anchor ? nextAfter(s.schedule, anchor) : null;
}

/**
 * The moment of the next automatic transition if nothing arrives (docs/state-machine.md):
 * heartbeat: expected time while up, expected + grace while late, start + grace while running;
 * null when new, down, paused. Probed kinds have none: results that stop coming are a stale
 * location, the operators' problem, never the check's flip (docs/locations.md, "Stale locations").
 */
export function deadlineFor(s: CheckState): Date | null {
  if (isProbedKind(s.kind)) return null;
  if (isRunning(s)) return addSec(s.lastStartAt as Date, s.graceSec);
  if (s.status !== 'up' && s.status !== 'late') return null;
  const expected = expectedAt(s);
  if (!expected) return null;
  return addSec(expected, (s.status === 'late' ? 1 : 0) * s.graceSec);
}

function moveTo(
  prev: CheckState,
  next: CheckState,
  reason: FlipReason,
  ts: Date,
  durationMs: number | null = null,
  note: string | null = null,
): TransitionResult {
  const state = { ...next, nextDeadlineAt: next.status === 'paused' ? null : deadlineFor(next) };
  const flip: FlipRecord | null = prev.status === next.status ? null : { oldStatus: prev.status, newStatus: next.status, reason, ts };
  return { state, flip, durationMs, note };
}

function unchanged(s: CheckState, durationMs: number | null = null): TransitionResult {
  return { state: s, flip: null, durationMs, note: null };
}

const since = (start: Date, now: Date) => Math.max(0, now.getTime() - start.getTime());

/**
 * Duration of the run a completion ping finishes, and whether that run is the latest start (kept
 * on the check, whose start + grace deadline it carries). With a rid: the run started with that
 * rid. The latest start's rid closes the latest run; another rid is an overlapping run, measured
 * from its start as looked up by the caller (`runStartedAt`), and the latest run stays open.
 * Without a rid (or when the latest start had none): the latest start.
 */
function closeRun(s: CheckState, ev: Extract<CheckEvent, { type: 'ping' }>, now: Date): { durationMs: number | null; closed: boolean } {
  const rid = ev.rid ?? null;
  if (s.lastStartAt && rid && rid === s.lastStartRid) return { durationMs: since(s.lastStartAt, now), closed: true };
  if (rid && ev.runStartedAt) return { durationMs: since(ev.runStartedAt, now), closed: false };
  if (s.lastStartAt && (!rid || !s.lastStartRid)) return { durationMs: since(s.lastStartAt, now), closed: true };
  return { durationMs: null, closed: false };
}

/**
 * Why a successful completion counts as a failure: a heartbeat run measured shorter than the
 * check's minimum run time (exactly the minimum is fine). Null when it stands, or when no run was
 * measured (no start).
 */
function shortRunNote(s: CheckState, durationMs: number | null): string | null {
  if (s.kind !== 'heartbeat' || s.minRunSec === null || durationMs === null) return null;
  if (durationMs >= s.minRunSec * 1000) return null;
  return `run took ${Math.floor(durationMs / 1000)} s, shorter than the minimum of ${s.minRunSec} s`;
}

function onPing(s: CheckState, ev: Extract<CheckEvent, { type: 'ping' }>, now: Date): TransitionResult {
  // A paused check stays as it is until resumed (Healthchecks' manual_resume): the ping is
  // recorded with a note and moves nothing, not even the last ping or a run.
  if (s.status === 'paused') return { state: s, flip: null, durationMs: null, note: IGNORED_PING.paused };
  if (ev.kind === 'log') return unchanged(s);

  if (ev.kind === 'start') {
    // A start is not a ping of the job's result: `last_ping` stays the last completion's time
    // (as in Healthchecks); the run carries its own deadline.
    const next: CheckState = { ...s, lastStartAt: now, lastStartRid: ev.rid ?? null };
    return unchanged({ ...next, nextDeadlineAt: deadlineFor(next) });
  }

  const success = ev.kind === 'success' || (ev.kind === 'exit' && ev.exitStatus === 0);
  const run = closeRun(s, ev, now);
  let next: CheckState = { ...s, lastPingAt: now };
  if (run.closed) next = { ...next, lastStartAt: null, lastStartRid: null };
  if (run.durationMs !== null) next = { ...next, lastDurationMs: run.durationMs };

  if (success) {
    const shortRun = shortRunNote(s, run.durationMs);
    if (shortRun) return moveTo(s, { ...next, status: 'down' }, 'short_run', now, run.durationMs, shortRun);
    return moveTo(s, { ...next, status: 'up', failureCount: 0 }, 'ping', now, run.durationMs);
  }
  return moveTo(s, { ...next, status: 'down' }, ev.kind === 'exit' ? 'exit' : 'fail', now, run.durationMs);
}

function onProbe(s: CheckState, ev: Extract<CheckEvent, { type: 'probe' }>, now: Date): TransitionResult {
  const base: CheckState = { ...s, lastPingAt: now };
  if (s.status === 'paused' || ev.outcome === 'none') return unchanged(base);
  const r = probeMove(s, base, ev.outcome, now);
  return r.flip && ev.locations ? { ...r, flip: { ...r.flip, locations: [...ev.locations] } } : r;
}

function probeMove(s: CheckState, base: CheckState, outcome: Exclude<QuorumOutcome, 'none'>, now: Date): TransitionResult {
  switch (outcome) {
    case 'up':
      return moveTo(s, { ...base, status: 'up', failureCount: 0 }, 'ping', now);
    case 'warning':
      // A down endpoint that answers again has recovered: say "up" first (late/down -> up notifies),
      // and let the next probe's certificate warning make it late (up -> late notifies too).
      if (s.status === 'down') return moveTo(s, { ...base, status: 'up', failureCount: 0 }, 'ping', now);
      return moveTo(s, { ...base, status: 'late', failureCount: 0 }, 'fail', now);
    case 'failing':
      return moveTo(s, { ...base, status: s.status === 'down' ? 'down' : 'late', failureCount: s.failureCount + 1 }, 'fail', now);
    case 'down':
      return moveTo(s, { ...base, status: 'down', failureCount: s.failureCount + 1 }, 'fail', now);
  }
}

function onDeadline(s: CheckState, now: Date): TransitionResult {
  const deadline = s.nextDeadlineAt;
  if (!deadline || deadline.getTime() > now.getTime()) return unchanged(s);
  // A probed check's deadline left by an earlier version (migration 20261127031049 clears them).
  if (isProbedKind(s.kind)) return unchanged({ ...s, nextDeadlineAt: null });
  if (isRunning(s)) return moveTo(s, { ...s, status: 'down' }, 'timeout', deadline);
  if (s.status === 'up') return moveTo(s, { ...s, status: 'late' }, 'timeout', deadline);
  if (s.status === 'late') return moveTo(s, { ...s, status: 'down' }, 'timeout', deadline);
  return unchanged({ ...s, nextDeadlineAt: null });
}

/**
 * The check state machine (docs/state-machine.md). Pure: `now` is the time of the event.
 * Throws InvalidTransitionError for a resume of a check that is not paused.
 */
export function transition(s: CheckState, ev: CheckEvent, now: Date): TransitionResult {
  switch (ev.type) {
    case 'ping':
      return onPing(s, ev, now);
    case 'probe':
      return onProbe(s, ev, now);
    case 'deadline':
      return onDeadline(s, now);
    case 'pause':
      if (s.status === 'paused') return unchanged(s);
      return moveTo(s, { ...s, status: 'paused' }, 'manual', now);
    case 'quota':
      if (s.status === 'paused') return unchanged(s);
      return moveTo(s, { ...s, status: 'paused' }, 'quota', now);
    case 'resume': {
      if (s.status !== 'paused') throw new InvalidTransitionError('not_paused', 'check is not paused');
      const status: CheckStatus = s.lastPingAt ? 'up' : 'new';
      return moveTo(s, { ...s, status, resumedAt: now, failureCount: 0, lastStartAt: null, lastStartRid: null }, 'resumed', now);
    }
  }
}

/**
 * Applies every deadline that has passed by `now`, in order (up → late → down when the scheduler
 * was behind), each flip stamped with its own deadline.
 */
export function applyDueDeadlines(s: CheckState, now: Date): { state: CheckState; flips: FlipRecord[] } {
  const flips: FlipRecord[] = [];
  let state = s;
  for (let i = 0; i < 4 && state.nextDeadlineAt && state.nextDeadlineAt.getTime() <= now.getTime(); i++) {
    const r = onDeadline(state, now);
    state = r.state;
    if (r.flip) flips.push(r.flip);
  }
  return { state, flips };
}
