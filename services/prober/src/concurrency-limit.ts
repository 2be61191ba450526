/**
 * At most `limit` tasks at once, the others wait in arrival order. The prober's requests in flight
 * (PROBER_CONCURRENCY): BullMQ's own concurrency counts jobs, and a job carries several probes.
 */
export class ConcurrencyLimit {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter (active stays the same).
      if (next) next();
      else this.active--;
    }
  }
}
