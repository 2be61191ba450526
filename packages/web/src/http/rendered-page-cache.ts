/**
 * Rendered public pages, kept briefly in memory. A status page is read by many people at the
 * moment it matters most (an outage), and rendering it reads every flip of its checks for 90 days;
 * with this cache, viewers within `ttlMs` of each other share one rendering, and concurrent misses
 * share one (single flight). Memory is capped in bytes (oldest entries go first); pages that are
 * not found are not cached, so random keys cannot fill it.
 */
export class RenderedPageCache {
  private readonly entries = new Map<string, { html: string; expiresAt: number }>();
  private readonly pending = new Map<string, Promise<string | null>>();
  private used = 0;

  constructor(private readonly limits: { ttlMs: number; maxBytes: number }) {}

  /** The page for `key`: cached if rendered less than `ttlMs` before `nowMs`, else `render()`ed once. */
  async get(key: string, nowMs: number, render: () => Promise<string | null>): Promise<string | null> {
    if (this.limits.ttlMs <= 0) return render();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > nowMs) return hit.html;
    const inFlight = this.pending.get(key);
    if (inFlight) return inFlight;
    const p = render()
      .then((html) => {
        if (html !== null) this.store(key, html, nowMs + this.limits.ttlMs);
        return html;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, p);
    return p;
  }

  /** Bytes held now (UTF-16, as V8 keeps most strings' worst case). */
  get bytes(): number {
    return this.used;
  }

  private store(key: string, html: string, expiresAt: number): void {
    this.drop(key);
    const cost = (key.length + html.length) * 2;
    if (cost > this.limits.maxBytes) return;
    this.entries.set(key, { html, expiresAt });
    this.used += cost;
    for (const oldest of this.entries.keys()) {
      if (this.used <= this.limits.maxBytes) break;
      this.drop(oldest);
    }
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.entries.delete(key);
    this.used -= (key.length + e.html.length) * 2;
  }
}
