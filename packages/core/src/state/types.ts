import type { QuorumOutcome } from '../probe/location-quorum.js';
import type { Schedule } from '../schedule/types.js';

export type CheckStatus = 'new' | 'up' | 'late' | 'down' | 'paused';
export type FlipReason = 'timeout' | 'fail' | 'exit' | 'ping' | 'manual' | 'resumed' | 'quota' | 'short_run';

/**
 * Kinds the prober probes; heartbeats are pinged. The one list of their names: @upmon/probes'
 * registry defines each (a folder per kind) and must define exactly these (docs/probe-checks.md,
 * "Adding a probe kind").
 */
export const PROBED_KINDS = ['http', 'tcp', 'dns', 'tls'] as const;
export type ProbedKind = (typeof PROBED_KINDS)[number];
export type CheckKind = 'heartbeat' | ProbedKind;

export function isProbedKind(kind: string): kind is ProbedKind {
  return (PROBED_KINDS as readonly string[]).includes(kind);
}
export type PingKind = 'success' | 'start' | 'fail' | 'exit' | 'log';

/** Everything the state machine needs to know about a check. Times are UTC instants. */
export interface CheckState {
  kind: CheckKind;
  status: CheckStatus;
  schedule: Schedule;
  graceSec: number;
  lastPingAt: Date | null;
  lastStartAt: Date | null;
  lastStartRid: string | null;
  lastDurationMs: number | null;
  resumedAt: Date | null;
  nextDeadlineAt: Date | null;
  /** Probed kinds: consecutive failed probes. */
  failureCount: number;
  /** Probed kinds: consecutive failures needed before down (the config's confirmations); 1 for heartbeats. */
  confirmations: number;
  /** heartbeat: a success ending a measured run shorter than this many seconds is a failure; null = no minimum. */
  minRunSec: number | null;
}

export type CheckEvent =
  /**
   * A ping received on a ping URL. `exitStatus` only for kind exit. `runStartedAt`: for a
   * completion whose rid is not the latest start's, when the start with that rid was received
   * (null if none is open), looked up by the caller.
   */
  | { type: 'ping'; kind: PingKind; exitStatus?: number | null; rid?: string | null; runStartedAt?: Date | null }
  /**
   * A probe result, as its check's locations judge it after it (core's `quorumVerdict`):
   * `locations` are those that made the outcome, named on the flip.
   */
  | { type: 'probe'; outcome: QuorumOutcome; locations?: readonly string[] }
  /** The scheduler found `nextDeadlineAt <= now`. */
  | { type: 'deadline' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'quota' };

export interface FlipRecord {
  oldStatus: CheckStatus;
  newStatus: CheckStatus;
  reason: FlipReason;
  /** For timeouts: the deadline it is about, not when it was detected. */
  ts: Date;
  /** Probed checks: the locations whose results decided the flip (failing ones for down and late). */
  locations?: readonly string[];
}

export interface TransitionResult {
  state: CheckState;
  flip: FlipRecord | null;
  /** For ping/probe events: the run duration to store on the ping (success/fail after a start). */
  durationMs: number | null;
  /** For pings that counted differently from their kind: why (stored on the ping); else null. */
  note: string | null;
}
