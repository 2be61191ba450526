import { markFlipsEnqueuedSql, publishFlipsWith, type CommittedFlip } from '@upmon/check-store';
import type { Logger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import type pg from 'pg';

/** Flips waiting for the publisher beyond this are left to the relay (they stay enqueued_at null). */
const MAX_PENDING = 50_000;

/**
 * Publishes committed flips in the background, one enqueue at a time: flips committed while an
 * enqueue is in flight are coalesced into the next one (bigger, cheaper bulk adds), so during a
 * herd the scans keep most of the CPU. A Redis outage never slows the scans; whatever is not
 * published here stays un-enqueued in the table and the relay sends it.
 */
export class BackgroundFlipPublisher {
  private pending: CommittedFlip[] = [];
  private running: Promise<void> | null = null;
  private readonly mark: (ids: bigint[]) => Promise<void>;

  constructor(
    pool: pg.Pool,
    private readonly queues: Queues,
    private readonly logger: Logger,
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
      const batch = this.pending;
      this.pending = [];
      await publishFlipsWith(this.mark, this.queues, batch, this.logger);
    }
    this.running = null;
  }

  async drain(): Promise<void> {
    while (this.running) await this.running;
  }
}
