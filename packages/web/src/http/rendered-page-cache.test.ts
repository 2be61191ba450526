import { RenderedPageCache } from './rendered-page-cache.js';

describe('RenderedPageCache', () => {
  it('serves a page rendered less than ttl ago, renders again after', async () => {
    const cache = new RenderedPageCache({ ttlMs: 10_000, maxBytes: 1_000_000 });
    let renders = 0;
    const render = async () => `page ${++renders}`;
    expect(await cache.get('k', 0, render)).toBe('page 1');
    expect(await cache.get('k', 9_999, render)).toBe('page 1');
    expect(await cache.get('k', 10_000, render)).toBe('page 2');
    expect(renders).toBe(2);
  });

  it('shares one rendering between concurrent misses', async () => {
    const cache = new RenderedPageCache({ ttlMs: 10_000, maxBytes: 1_000_000 });
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const render = async () => {
      renders += 1;
      await gate;
      return 'page';
    };
    const views = [cache.get('k', 0, render), cache.get('k', 1, render), cache.get('k', 2, render)];
    release();
    expect(await Promise.all(views)).toEqual(['page', 'page', 'page']);
    expect(renders).toBe(1);
  });

  it('does not keep pages that were not found, nor failed renderings', async () => {
    const cache = new RenderedPageCache({ ttlMs: 10_000, maxBytes: 1_000_000 });
    let renders = 0;
    expect(await cache.get('nope', 0, async () => (renders++, null))).toBeNull();
    expect(await cache.get('nope', 1, async () => (renders++, null))).toBeNull();
    await expect(cache.get('k', 2, async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', 3, async () => 'page')).toBe('page');
    expect(renders).toBe(2);
  });

  it('keeps its bytes under the cap, dropping the oldest pages first', async () => {
    const cache = new RenderedPageCache({ ttlMs: 60_000, maxBytes: 2 * (1 + 100) * 2 });
    const page = (c: string) => async () => c.repeat(100);
    await cache.get('a', 0, page('a'));
    await cache.get('b', 0, page('b'));
    expect(cache.bytes).toBe(404);
    await cache.get('c', 0, page('c'));
    expect(cache.bytes).toBe(404);
    let rendered = false;
    await cache.get('a', 1, async () => ((rendered = true), 'a'));
    expect(rendered).toBe(true); // 'a' was the oldest: dropped
    expect(await cache.get('c', 1, async () => 'other')).toBe('c'.repeat(100));
    // A page larger than the whole cap is served but not kept.
    const huge = new RenderedPageCache({ ttlMs: 60_000, maxBytes: 10 });
    expect(await huge.get('h', 0, async () => 'x'.repeat(100))).toBe('x'.repeat(100));
    expect(huge.bytes).toBe(0);
  });

  it('with a ttl of 0 renders every time (the benchmark measures the rendering itself)', async () => {
    const cache = new RenderedPageCache({ ttlMs: 0, maxBytes: 1_000_000 });
    let renders = 0;
    await cache.get('k', 0, async () => `p${++renders}`);
    await cache.get('k', 0, async () => `p${++renders}`);
    expect(renders).toBe(2);
  });
});
