/** A caller waiting for its item's result. */
interface Waiting<I, O> {
  item: I;
  resolve: (o: O) => void;
  reject: (e: unknown) => void;
}

export interface BatcherOptions {
  /** Most items in one batch. */
  maxBatch: number;
  /** Most batches running at once (default: no limit). Items beyond wait for a running batch to end. */
  maxConcurrent?: number;
  /**
   * `turn` (default): a batch starts one event-loop turn (`setImmediate`) after it could, so items
   * submitted in the same turn (e.g. requests read in one I/O phase) join it. `none`: a batch
   * starts at once, so a lone item waits for nothing; batches grow only while all slots are busy.
   */
  gather?: 'turn' | 'none';
  /**
   * Least time in ms between the starts of two batches (default 0). Under load, items arriving
   * meanwhile join the next batch, so a batch holds at least `rate × minIntervalMs` items and the
   * fixed cost of each (a commit, a statement's start) is shared by that many; an item arriving
   * when the last batch started longer ago than that starts at once (as without it).
   */
  minIntervalMs?: number;
  /** The clock of `minIntervalMs` (default `performance.now`); tests pass their own. */
  now?: () => number;
}

export interface Batcher<I, O> {
  /** Resolves with this item's result once its batch has run; rejects if that batch failed. */
  submit(item: I): Promise<O>;
  /** Resolves once nothing is queued or running (shutdown). */
  drain(): Promise<void>;
}

/**
 * Groups concurrent submissions into batches so one operation (a multi-row statement, one
 * transaction, one Redis round trip) serves many callers. Items queue in arrival order; a batch
 * takes up to `maxBatch` of them whenever a slot is free, and items arriving meanwhile wait for
 * the next batch, so batches grow with load while latency under light load stays about one
 * operation. `run` returns one result per item, in order; if it throws or returns a different
 * number of results, every caller of that batch (and only of that batch) is rejected.
 */
export function createBatcher<I, O>(run: (items: I[]) => Promise<O[]>, opts: BatcherOptions): Batcher<I, O> {
  if (!(opts.maxBatch >= 1)) throw new RangeError(`maxBatch must be at least 1, got ${opts.maxBatch}`);
  const maxConcurrent = opts.maxConcurrent ?? Infinity;
  if (!(maxConcurrent >= 1)) throw new RangeError(`maxConcurrent must be at least 1, got ${maxConcurrent}`);
  const queue: Waiting<I, O>[] = [];
  let running = 0;
  let scheduled = false;
  let idleWaiters: (() => void)[] = [];
  const minInterval = opts.minIntervalMs ?? 0;
  if (!(minInterval >= 0)) throw new RangeError(`minIntervalMs must not be negative, got ${opts.minIntervalMs}`);
  const now = opts.now ?? (() => performance.now());
  let lastStart = -Infinity;
  let paced: NodeJS.Timeout | null = null;

  const runBatch = async (batch: Waiting<I, O>[]): Promise<void> => {
    try {
      const out = await run(batch.map((w) => w.item));
      if (out.length !== batch.length) throw new Error(`batch of ${batch.length} items returned ${out.length} results`);
      batch.forEach((w, i) => w.resolve(out[i] as O));
    } catch (err) {
      for (const w of batch) w.reject(err);
    }
    running--;
    wake();
  };

  const startBatches = (): void => {
    scheduled = false;
    while (running < maxConcurrent && queue.length > 0) {
      const wait = lastStart + minInterval - now();
      if (wait > 0) {
        paced ??= setTimeout(() => {
          paced = null;
          startBatches();
        }, wait);
        return;
      }
      lastStart = now();
      running++;
      void runBatch(queue.splice(0, opts.maxBatch));
    }
  };

  const wake = (): void => {
    if (queue.length === 0 && running === 0) {
      const waiters = idleWaiters;
      idleWaiters = [];
      for (const w of waiters) w();
      return;
    }
    if (queue.length === 0 || running >= maxConcurrent) return;
    if (opts.gather === 'none') startBatches();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(startBatches);
    }
  };

  return {
    submit: (item) =>
      new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        wake();
      }),
    drain: () => (queue.length === 0 && running === 0 ? Promise.resolve() : new Promise<void>((resolve) => idleWaiters.push(resolve))),
  };
}

/**
 * `createBatcher` for callers that only submit: calls made in the same event-loop turn become
 * batches of at most `maxBatch` items, all run at once.
 */
export function microBatch<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch = 256): (item: I) => Promise<O> {
  const batcher = createBatcher(run, { maxBatch });
  return (item) => batcher.submit(item);
}
