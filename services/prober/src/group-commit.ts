/**
 * Group commit: concurrent submissions are written together, one transaction per group. A group
 * starts at once when a writer slot is free; items arriving meanwhile wait for the next group, so
 * groups grow with load while latency stays about one transaction under light load.
 * (The API's ping receiver has the same shape; both could move to a package.)
 */
export class GroupCommit<I, O> {
  private pending: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  private running = 0;

  constructor(
    private readonly writeGroup: (items: I[]) => Promise<O[]>,
    private readonly opts: { maxGroup: number; maxParallel: number },
  ) {}

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.pending.push({ item, resolve, reject });
      this.pump();
    });
  }

  /** Resolves when nothing is pending or being written (shutdown). */
  async drain(): Promise<void> {
    while (this.pending.length > 0 || this.running > 0) await new Promise((r) => setTimeout(r, 5));
  }

  private pump(): void {
    while (this.running < this.opts.maxParallel && this.pending.length > 0) {
      const group = this.pending.splice(0, this.opts.maxGroup);
      this.running++;
      this.writeGroup(group.map((g) => g.item))
        .then(
          (out) => group.forEach((g, i) => g.resolve(out[i] as O)),
          (err) => group.forEach((g) => g.reject(err)),
        )
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
  }
}
