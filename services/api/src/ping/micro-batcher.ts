/**
 * Groups concurrent submissions into batches so one database transaction serves many requests
 * (ping ingest: one multi-row statement instead of one transaction per ping). A batch starts at
 * once when a slot is free; items arriving meanwhile wait for the next batch, so batches grow
 * with load and latency stays at about one transaction under light load.
 */
export class MicroBatcher<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(
    private readonly flush: (items: I[]) => Promise<O[]>,
    private readonly opts: { maxBatch: number; maxInFlight: number },
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items queued or being written. */
  get pending(): number {
    return this.queue.length + this.inFlight;
  }

  private schedule(): void {
    if (this.scheduled || this.inFlight >= this.opts.maxInFlight || this.queue.length === 0) return;
    this.scheduled = true;
    // Let the requests that arrived in the same I/O turn join the batch.
    setImmediate(() => {
      this.scheduled = false;
      this.startBatch();
      this.schedule();
    });
  }

  private startBatch(): void {
    if (this.inFlight >= this.opts.maxInFlight || this.queue.length === 0) return;
    const batch = this.queue.splice(0, this.opts.maxBatch);
    this.inFlight++;
    this.flush(batch.map((b) => b.item)).then(
      (results) => batch.forEach((b, i) => b.resolve(results[i] as O)),
      (err) => batch.forEach((b) => b.reject(err)),
    ).finally(() => {
      this.inFlight--;
      this.schedule();
    });
  }
}
