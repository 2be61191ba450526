/**
 * A memo whose memory is capped in bytes, for caches keyed by strings that arrive from users
 * (cron and OnCalendar expressions, time zone names). A key longer than `maxKeyLength` is never
 * stored, so a huge input cannot become a huge key; every entry is charged its key's UTF-16 bytes
 * plus `entryBytes` (an estimate of the value), and the oldest entries go first when the total
 * would pass `maxBytes`.
 */
export class ByteCappedCache<V> {
  private readonly map = new Map<string, V>();
  private used = 0;

  constructor(private readonly limits: { maxBytes: number; maxKeyLength: number; entryBytes: number }) {}

  get(key: string): V | undefined {
    return this.map.get(key);
  }

  set(key: string, value: V): void {
    if (key.length > this.limits.maxKeyLength) return;
    if (!this.map.has(key)) this.used += this.cost(key);
    this.map.set(key, value);
    while (this.used > this.limits.maxBytes) {
      const oldest = this.map.keys().next().value as string;
      this.map.delete(oldest);
      this.used -= this.cost(oldest);
    }
  }

  /** Bytes charged to the entries held now. */
  get bytes(): number {
    return this.used;
  }

  get size(): number {
    return this.map.size;
  }

  private cost(key: string): number {
    return key.length * 2 + this.limits.entryBytes;
  }
}
