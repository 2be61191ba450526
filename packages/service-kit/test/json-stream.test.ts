import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamJson, type JsonStream, type StreamOutcome } from '../src/json-stream.js';

/** A page source that records how far it was read and whether it was closed. */
function pagesOf(count: number, size: number, opts: { failAt?: number } = {}) {
  const seen = { pulled: 0, closed: false };
  async function* pages(): AsyncGenerator<string[]> {
    try {
      for (let p = 0; p < count; p++) {
        if (p === opts.failAt) throw new Error(`page ${p} failed`);
        seen.pulled++;
        yield Array.from({ length: size }, (_, i) => JSON.stringify({ n: p * size + i, pad: 'x'.repeat(200) }));
      }
    } finally {
      seen.closed = true;
    }
  }
  return { seen, pages: pages() };
}

async function serve(stream: () => JsonStream) {
  const outcomes: Array<StreamOutcome | Error> = [];
  const headersSent: boolean[] = [];
  const server = http.createServer((_req, res) => {
    streamJson(res, stream()).then(
      (o) => outcomes.push(o),
      (err: Error) => {
        headersSent.push(res.headersSent);
        outcomes.push(err);
        if (res.headersSent) res.destroy();
        else res.writeHead(500).end('{"message":"failed"}');
      },
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, outcomes, headersSent, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const until = async (cond: () => boolean) => {
  while (!cond()) await new Promise((r) => setTimeout(r, 10));
};

describe('streamJson', () => {
  it('writes head, every item comma-separated and the tail: one well-formed document', async () => {
    const src = pagesOf(40, 250);
    const s = await serve(() => ({ head: '{"data":[', pages: src.pages, tail: () => '],"next":null}' }));
    const res = await fetch(s.url);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = JSON.parse(await res.text()) as { data: { n: number }[]; next: null };
    expect(body.data.map((d) => d.n)).toEqual(Array.from({ length: 10_000 }, (_, i) => i));
    expect(body.next).toBeNull();
    await until(() => s.outcomes.length === 1);
    expect(s.outcomes).toEqual([{ kind: 'complete', items: 10_000 }]);
    await s.close();
  });

  it('an empty list and empty pages still make a well-formed document', async () => {
    async function* pages() {
      yield [] as string[];
      yield ['1'];
      yield [];
      yield ['2', '3'];
    }
    const s = await serve(() => ({ head: '{"data":[', pages: pages(), tail: () => ']}' }));
    expect(await (await fetch(s.url)).json()).toEqual({ data: [1, 2, 3] });
    const none = await serve(() => ({ head: '{"checks":[', pages: pagesOf(0, 1).pages, tail: () => ']}' }));
    expect(await (await fetch(none.url)).json()).toEqual({ checks: [] });
    await s.close();
    await none.close();
  });

  it('reads no further once the client is gone, and closes the page source', async () => {
    const src = pagesOf(10_000, 250);
    const s = await serve(() => ({ head: '[', pages: src.pages, tail: () => ']' }));
    await new Promise<void>((resolve) => {
      const req = http.get(s.url, (res) => res.once('data', () => (req.destroy(), resolve())));
    });
    await until(() => s.outcomes.length === 1);
    expect(s.outcomes[0]).toMatchObject({ kind: 'client-gone' });
    expect(src.seen.closed).toBe(true);
    // Back-pressure: only what the socket buffers took was read, not the 2.5 million items.
    expect(src.seen.pulled).toBeLessThan(1_000);
    await s.close();
  });

  it('an error before the first page rejects before anything is written; a later one rejects with the answer started', async () => {
    const early = await serve(() => ({ head: '[', pages: pagesOf(3, 1, { failAt: 0 }).pages, tail: () => ']' }));
    const res = await fetch(early.url);
    expect(res.status).toBe(500);
    expect(early.headersSent).toEqual([false]);
    const late = await serve(() => ({ head: '[', pages: pagesOf(3, 1, { failAt: 2 }).pages, tail: () => ']' }));
    await expect(fetch(late.url).then((r) => r.text())).rejects.toThrow();
    expect(late.headersSent).toEqual([true]);
    expect(late.outcomes[0]).toEqual(new Error('page 2 failed'));
    await early.close();
    await late.close();
  });
});
