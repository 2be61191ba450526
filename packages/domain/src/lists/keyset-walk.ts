/**
 * An item of a list as answered: its JSON, and its position in the list's order (signed into
 * cursors). `json` null: a row whose position was read but which was deleted before its columns
 * were (a read in two steps); it is not answered, but its position counts (the walk goes on after it).
 */
export interface ListedItem {
  position: string;
  json: string | null;
}

/** Reads `count` items after `after` (null: from the start), in the list's order, from an index. */
export type KeysetRead = (after: string | null, count: number) => Promise<ListedItem[]>;

/** Rows read per query when a list is streamed whole: a few ms of the event loop each. */
export const STREAM_PAGE_SIZE = 100;

/**
 * A walk through a list in keyset pages: each query reads the next rows after the last one seen,
 * through an index, so a page costs the same on the first page and the thousandth, no snapshot or
 * connection is held between pages, and an item that exists during the whole walk is seen exactly
 * once however many are created or deleted meanwhile (tested). `limit` null: the whole list.
 * After the walk, `next` is the position after the last item when more remain (else null). A page
 * may hold fewer than `limit` items when some were deleted while it was read.
 */
export class KeysetWalk {
  next: string | null = null;

  constructor(
    private readonly read: KeysetRead,
    private readonly from: string | null,
    private readonly limit: number | null,
  ) {}

  async *pages(): AsyncGenerator<string[]> {
    let after = this.from;
    let left = this.limit ?? Number.POSITIVE_INFINITY;
    for (;;) {
      const want = Math.min(STREAM_PAGE_SIZE, left);
      // One more than wanted: tells whether more remain without another query.
      const items = await this.read(after, want + 1);
      const page = items.slice(0, want);
      const last = page[page.length - 1];
      if (last) after = last.position;
      left -= page.length;
      yield page.flatMap((i) => (i.json === null ? [] : [i.json]));
      if (items.length <= want) return;
      if (left === 0) {
        this.next = after;
        return;
      }
    }
  }
}
