import { performance } from 'node:perf_hooks';

/**
 * Where a probe's time went, in whole milliseconds: each phase is its own duration (not a time
 * since the start), null when the probe did not have it (no DNS for an IP literal, no TLS for
 * plain TCP) or did not get that far. `totalMs` always covers the whole probe.
 */
export interface ProbePhases {
  /** Resolving the host name. */
  dnsMs: number | null;
  /** The TCP handshake. */
  connectMs: number | null;
  /** The TLS handshake. */
  tlsMs: number | null;
  /** From the request (or the bytes to send) written to the first byte of the answer. */
  firstByteMs: number | null;
  totalMs: number;
}

export type PhaseName = 'dns' | 'connect' | 'tls' | 'firstByte';

/**
 * Times a probe's phases as it goes. `mark(name)` ends a phase: its duration is the time since the
 * previous mark (or the start), so the phases add up to the total (the rest is our own work).
 */
export class PhaseTimer {
  private readonly started = performance.now();
  private last = this.started;
  private readonly durations: Partial<Record<PhaseName, number>> = {};

  /** Ends phase `name` now (the first mark of a phase wins). */
  mark(name: PhaseName): void {
    const t = performance.now();
    if (this.durations[name] === undefined) this.durations[name] = Math.max(0, Math.round(t - this.last));
    this.last = t;
  }

  /** Starts the next phase's clock without recording one (e.g. after writing a request). */
  restart(): void {
    this.last = performance.now();
  }

  elapsedMs(): number {
    return Math.round(performance.now() - this.started);
  }

  phases(): ProbePhases {
    const d = this.durations;
    return { dnsMs: d.dns ?? null, connectMs: d.connect ?? null, tlsMs: d.tls ?? null, firstByteMs: d.firstByte ?? null, totalMs: this.elapsedMs() };
  }
}
