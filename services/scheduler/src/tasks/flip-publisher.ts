import { markFlipsEnqueuedSql, publishFlipsWith, type CommittedFlip } from '@upmon/check-store';
import type { Logger } from '@upmon/logger';
import type { Queues } from '@upmon/queue';
import type pg from 'pg';

/**
 * Publishes committed flips in the background (a Redis outage must not slow the scans: the relay
 * sends whatever is left un-enqueued), and lets shutdown wait for what is in flight.
 */
export class BackgroundFlipPublisher {
  private readonly inFlight = new Set<Promise<unknown>>();
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
    const p = publishFlipsWith(this.mark, this.queues, flips, this.logger).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
  }

  async drain(): Promise<void> {
    await Promise.all([...this.inFlight]);
  }
}
