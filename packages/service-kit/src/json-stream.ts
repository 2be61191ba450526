import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

/** A JSON document written a page of items at a time: `head`, the items comma-separated, `tail()`. */
export interface JsonStream {
  /** Text before the first item, e.g. `{"data":[`. */
  head: string;
  /** Pages of items, each item already JSON text. Ended early (`return()`) when the client goes away. */
  pages: AsyncIterable<readonly string[]>;
  /** Text after the last item, asked once every page is written (it may name the next page). */
  tail: () => string;
}

export interface StreamOutcome {
  /** `client-gone`: the connection closed before the document was complete; nothing more was read. */
  kind: 'complete' | 'client-gone';
  items: number;
}

/** Resolves when the socket takes more (`drain`) or is gone (`close`). */
function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

const gone = (res: ServerResponse) => res.destroyed || res.writableEnded;

/**
 * Writes `stream` as the 200 answer of `res` without holding more than one page in memory, and
 * gives the event loop back after every page, so one large list never stalls the other requests
 * of the process (pings among them): each page is written when the socket has room (`drain`), and
 * the next is read only then. The first page is read before anything is written, so an error there
 * (a bad cursor, the database down) still gets its proper error response; an error after that
 * rejects with the response already started, and the caller must destroy it (the client then sees
 * a cut connection, never a well-formed but incomplete document). A client that disconnects stops
 * the reading: the page source's `return()` runs (its `finally` releases what it holds).
 */
export async function streamJson(res: ServerResponse, stream: JsonStream): Promise<StreamOutcome> {
  const pages = stream.pages[Symbol.asyncIterator]();
  let next = await pages.next();
  res.statusCode = 200;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  let items = 0;
  let text = stream.head;
  try {
    while (!next.done) {
      const page = next.value;
      if (page.length > 0) {
        text += (items > 0 ? ',' : '') + page.join(',');
        items += page.length;
      }
      if (gone(res)) return { kind: 'client-gone', items };
      if (text !== '' && !res.write(text)) await writable(res);
      text = '';
      if (gone(res)) return { kind: 'client-gone', items };
      await nextTurn();
      next = await pages.next();
    }
  } finally {
    if (!next.done) await pages.return?.();
  }
  res.end(text + stream.tail());
  return { kind: 'complete', items };
}
