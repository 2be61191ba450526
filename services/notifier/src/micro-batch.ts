/**
 * Coalesces calls made in the same turn of the event loop into one batch call: with 50-100
 * deliveries in flight, their reads and delivery-log writes become a few multi-row statements
 * (one round trip and one commit each) instead of one per delivery. Each caller still awaits its
 * own result, so nothing is acknowledged before it is written. A failed batch rejects every
 * caller in it (their jobs are retried as usual).
 */
export function microBatch<I, O>(run: (items: I[]) => Promise<O[]>, maxBatch = 256): (item: I) => Promise<O> {
  let pending: { item: I; resolve: (o: O) => void; reject: (e: unknown) => void }[] = [];
  let scheduled = false;

  const flush = () => {
    scheduled = false;
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(maxBatch);
      run(batch.map((p) => p.item)).then(
        (out) => batch.forEach((p, i) => p.resolve(out[i] as O)),
        (err) => batch.forEach((p) => p.reject(err)),
      );
    }
  };

  return (item: I) =>
    new Promise<O>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    });
}
