import { createBatcher, microBatch } from '../src/index.js';

/** A `run` whose batches finish when the test says so; records every batch it was given. */
function controlledRun<I>() {
  const batches: I[][] = [];
  const finishers: { resolve: () => void; reject: (e: Error) => void }[] = [];
  const run = (items: I[]) => {
    batches.push(items);
    return new Promise<string[]>((resolve, reject) => {
      finishers.push({ resolve: () => resolve(items.map((i) => `done ${String(i)}`)), reject });
    });
  };
  return { run, batches, finishers };
}
const nextTurn = () => new Promise((r) => setImmediate(r));

describe('createBatcher', () => {
  it('gathers the items of one turn into one batch and resolves each caller with its own result, in order', async () => {
    const seen: number[][] = [];
    const b = createBatcher(
      async (items: number[]) => {
        seen.push(items);
        return items.map((i) => i * 10);
      },
      { maxBatch: 100 },
    );
    const results = await Promise.all([1, 2, 3].map((i) => b.submit(i)));
    expect(results).toEqual([10, 20, 30]);
    expect(seen).toEqual([[1, 2, 3]]);
    const order: number[] = [];
    await Promise.all([4, 5, 6].map((i) => b.submit(i).then(() => order.push(i))));
    expect(order).toEqual([4, 5, 6]);
    expect(seen).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('splits a turn into batches of at most maxBatch, in arrival order, all running at once without a limit', async () => {
    const c = controlledRun<number>();
    const b = createBatcher(c.run, { maxBatch: 4 });
    const all = Promise.all(Array.from({ length: 10 }, (_, i) => b.submit(i)));
    await nextTurn();
    expect(c.batches).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    c.finishers.forEach((f) => f.resolve());
    expect(await all).toEqual(Array.from({ length: 10 }, (_, i) => `done ${i}`));
  });

  it('runs at most maxConcurrent batches; items arriving meanwhile form the next batch when a slot frees', async () => {
    const c = controlledRun<string>();
    const b = createBatcher(c.run, { maxBatch: 2, maxConcurrent: 2 });
    const first = ['a', 'b', 'c', 'd', 'e'].map((x) => b.submit(x));
    await nextTurn();
    expect(c.batches).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    const later = ['f', 'g'].map((x) => b.submit(x));
    await nextTurn();
    await nextTurn();
    expect(c.batches).toHaveLength(2); // both slots busy: e, f, g wait
    c.finishers[1]!.resolve();
    expect(await first[2]).toBe('done c');
    await nextTurn();
    expect(c.batches.slice(2)).toEqual([['e', 'f']]);
    c.finishers[0]!.resolve();
    await first[0];
    await nextTurn();
    expect(c.batches.slice(3)).toEqual([['g']]);
    c.finishers[2]!.resolve();
    c.finishers[3]!.resolve();
    expect(await Promise.all([...first, ...later])).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((x) => `done ${x}`));
  });

  it('a failed batch rejects only its own callers; the next batches still run', async () => {
    const c = controlledRun<number>();
    const b = createBatcher(c.run, { maxBatch: 2 });
    const calls = [1, 2, 3].map((i) =>
      b.submit(i).then(
        (v) => ({ ok: v }),
        (e: Error) => ({ err: e.message }),
      ),
    );
    await nextTurn();
    c.finishers[0]!.reject(new Error('deadlock'));
    c.finishers[1]!.resolve();
    expect(await Promise.all(calls)).toEqual([{ err: 'deadlock' }, { err: 'deadlock' }, { ok: 'done 3' }]);
    const again = b.submit(4);
    await nextTurn();
    c.finishers[2]!.resolve();
    expect(await again).toBe('done 4');
  });

  it('rejects the batch when run throws synchronously or returns a different number of results', async () => {
    const throws = createBatcher(
      (): Promise<number[]> => {
        throw new Error('bad input');
      },
      { maxBatch: 10 },
    );
    await expect(throws.submit(1)).rejects.toThrow('bad input');
    const short = createBatcher(async (items: number[]) => items.slice(1), { maxBatch: 10 });
    const both = [1, 2].map((i) => short.submit(i));
    await expect(both[0]).rejects.toThrow('batch of 2 items returned 1 results');
    await expect(both[1]).rejects.toThrow('batch of 2 items returned 1 results');
  });

  it("gather 'none': a lone item starts at once; items arriving while every slot is busy form the next batch", async () => {
    const c = controlledRun<number>();
    const b = createBatcher(c.run, { maxBatch: 10, maxConcurrent: 1, gather: 'none' });
    const first = b.submit(1);
    expect(c.batches).toEqual([[1]]); // synchronously, no turn waited
    const rest = [2, 3, 4].map((i) => b.submit(i));
    expect(c.batches).toHaveLength(1);
    c.finishers[0]!.resolve();
    await first;
    expect(c.batches).toEqual([[1], [2, 3, 4]]);
    c.finishers[1]!.resolve();
    expect(await Promise.all(rest)).toEqual(['done 2', 'done 3', 'done 4']);
  });

  it('drain resolves once nothing is queued or running, at once when idle', async () => {
    const c = controlledRun<number>();
    const b = createBatcher(c.run, { maxBatch: 1, maxConcurrent: 1 });
    await b.drain();
    const items = [b.submit(1), b.submit(2)];
    let drained = false;
    const draining = b.drain().then(() => (drained = true));
    await nextTurn();
    c.finishers[0]!.resolve();
    await items[0];
    await nextTurn();
    expect(drained).toBe(false); // item 2 is running
    c.finishers[1]!.resolve();
    await draining;
    expect(await Promise.all(items)).toEqual(['done 1', 'done 2']);
  });

  it('minIntervalMs: a batch starts no sooner than that after the previous one started; items arriving meanwhile join it', async () => {
    let t = 0;
    const c = controlledRun<string>();
    const b = createBatcher(c.run, { maxBatch: 10, maxConcurrent: 2, minIntervalMs: 10, now: () => t });
    const a = b.submit('a');
    await nextTurn();
    expect(c.batches).toEqual([['a']]);
    c.finishers[0]?.resolve();
    await a;
    t = 3;
    const rest = ['b', 'c', 'd'].map((x) => b.submit(x));
    await nextTurn();
    expect(c.batches).toEqual([['a']]); // a slot is free, but only 3 of the 10 ms have passed
    t = 9;
    await new Promise((r) => setTimeout(r, 30));
    expect(c.batches).toEqual([['a']]); // the timer came back and found 1 ms still to wait
    t = 10;
    await new Promise((r) => setTimeout(r, 30));
    expect(c.batches).toEqual([['a'], ['b', 'c', 'd']]);
    c.finishers[1]?.resolve();
    expect(await Promise.all(rest)).toEqual(['done b', 'done c', 'done d']);
  });

  it('minIntervalMs: an item arriving longer than that after the last start waits for nothing more', async () => {
    let t = 0;
    const c = controlledRun<string>();
    const b = createBatcher(c.run, { maxBatch: 10, minIntervalMs: 10, now: () => t });
    const a = b.submit('a');
    await nextTurn();
    c.finishers[0]?.resolve();
    await a;
    t = 10;
    const x = b.submit('x');
    await nextTurn();
    expect(c.batches).toEqual([['a'], ['x']]);
    c.finishers[1]?.resolve();
    expect(await x).toBe('done x');
  });

  it('refuses a maxBatch or maxConcurrent below 1, and a negative minIntervalMs', () => {
    const run = async (items: number[]) => items;
    expect(() => createBatcher(run, { maxBatch: 0 })).toThrow(RangeError);
    expect(() => createBatcher(run, { maxBatch: 1, maxConcurrent: 0 })).toThrow(RangeError);
    expect(() => createBatcher(run, { maxBatch: 1, minIntervalMs: -1 })).toThrow(RangeError);
  });
});

describe('microBatch', () => {
  it('is a submit function over an unbounded batcher of the given size', async () => {
    const seen: number[][] = [];
    const submit = microBatch(async (items: number[]) => {
      seen.push(items);
      return items.map((i) => -i);
    }, 2);
    expect(await Promise.all([1, 2, 3].map(submit))).toEqual([-1, -2, -3]);
    expect(seen).toEqual([[1, 2], [3]]);
  });
});
