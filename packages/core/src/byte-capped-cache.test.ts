import { ByteCappedCache } from './byte-capped-cache.js';

describe('ByteCappedCache', () => {
  it('keeps entries within the byte budget, dropping the oldest first', () => {
    const cache = new ByteCappedCache<number>({ maxBytes: 1_000, maxKeyLength: 50, entryBytes: 80 });
    for (let i = 0; i < 100; i++) cache.set(`key-${i}`, i);
    expect(cache.bytes).toBeLessThanOrEqual(1_000);
    expect(cache.size).toBe(Math.floor(1_000 / (2 * 'key-99'.length + 80)));
    expect(cache.get('key-99')).toBe(99);
    expect(cache.get('key-0')).toBeUndefined();
  });

  it('never stores a key over the length limit', () => {
    const cache = new ByteCappedCache<boolean>({ maxBytes: 1_000_000, maxKeyLength: 64, entryBytes: 8 });
    cache.set('x'.repeat(65), true);
    cache.set('x'.repeat(64), true);
    expect(cache.size).toBe(1);
    expect(cache.get('x'.repeat(65))).toBeUndefined();
  });

  it('charges a key once when it is set again', () => {
    const cache = new ByteCappedCache<number>({ maxBytes: 1_000, maxKeyLength: 10, entryBytes: 10 });
    cache.set('a', 1);
    cache.set('a', 2);
    expect(cache.bytes).toBe(12);
    expect(cache.get('a')).toBe(2);
  });
});
