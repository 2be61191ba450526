import { markFlipsEnqueuedSql, publishFlipsWith, type CommittedFlip } from '@upmon/check-store';
import type { Logger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import type pg from 'pg';

/** Flips waiting for the publisher beyond this are left to the relay (they stay enqueued_at null). */
const MAX_PENDING = 200_000;
const HOLD_POLL_MS = 50;
const MAX_PER_ADD = 5_000;

/**
 * Publishes committed flips in the background, one enqueue at a time: flips committed while an
 * enqueue is in flight are coalesced into the next one (bigger, cheaper bulk adds), so during a
 * herd the scans keep most of the CPU (see also `holdWhile`). A Redis outage never slows the scans; whatever is not
 * published here stays un-enqueued in the table and the relay sends it.
 */
export class BackgroundFlipPublisher {
  private pending: CommittedFlip[] = [];
  private running: Promise<void> | null = null;
  private readonly mark: (ids: bigint[]) => Promise<void>;
  private draining = false;

  /**
   * `holdWhile`: while it returns true (the scanner is working through full batches: a herd) and
   * the backlog is below MAX_PENDING, publishing waits, so recording the flips (state + outbox,
   * durable) gets the CPU first; the notifications follow as soon as the herd is recorded.
   */
  constructor(
    pool: pg.Pool,
    private readonly queues: Queues,
    private readonly logger: Logger,
    private readonly holdWhile: () => boolean = () => false,
  ) {
    this.mark = markFlipsEnqueuedSql(pool);
  }

  publish(flips: CommittedFlip[]): void {
    if (flips.length === 0) return;
    if (this.pending.length + flips.length > MAX_PENDING) {
      this.logger.warn({ flips: flips.length }, 'publisher backlog full; leaving flips to the relay');
      return;
    }
    this.pending.push(...flips);
    if (!this.running) this.running = this.loop();
  }

  private async loop(): Promise<void> {
    while (this.pending.length > 0) {
      while (this.holdWhile() && !this.draining && this.pending.length < MAX_PENDING) {
        await new Promise((r) => setTimeout(r, HOLD_POLL_MS));
      }
      // Bounded bulk adds: one huge pipeline would hold Redis for everyone else.
      const batch = this.pending.splice(0, MAX_PER_ADD);
      await publishFlipsWith(this.mark, this.queues, batch, this.logger);
    }
    this.running = null;
  }

  async drain(): Promise<void> {
    this.draining = true;
    while (this.running) await this.running;
  }
}
