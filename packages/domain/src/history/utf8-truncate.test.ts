import { truncateUtf8 } from './utf8-truncate.js';

describe('truncateUtf8', () => {
  test('short input is returned whole', () => {
    expect(truncateUtf8(Buffer.from('héllo'), 2048)).toBe('héllo');
    expect(truncateUtf8(Buffer.alloc(0), 10)).toBe('');
  });

  test('exactly at the limit is whole', () => {
    expect(truncateUtf8(Buffer.from('abcd'), 4)).toBe('abcd');
  });

  test.each([
    ['2-byte', 'ä'],
    ['3-byte', '€'],
    ['4-byte', '😀'],
  ])('never cuts a %s character in half', (_name, ch) => {
    const bytes = Buffer.byteLength(ch);
    for (let cut = 0; cut < bytes; cut++) {
      const input = Buffer.from(`${'a'.repeat(10 - cut)}${ch}zz`);
      // The character starts at 10 - cut and would end past the limit of 10 unless cut = 0.
      const out = truncateUtf8(input, 10);
      expect(Buffer.byteLength(out)).toBeLessThanOrEqual(10);
      expect(out).not.toContain('\uFFFD');
      expect(out).toBe(cut === 0 ? 'a'.repeat(10) : 'a'.repeat(10 - cut));
    }
    // A limit that ends exactly after the character keeps it.
    expect(truncateUtf8(Buffer.from(`ab${ch}zz`), 2 + bytes)).toBe(`ab${ch}`);
  });

  test('binary (invalid UTF-8) input is cut at the byte limit', () => {
    const bin = Buffer.from([0x80, 0x80, 0x80, 0x80, 0x80, 0x80]);
    expect(Buffer.from(truncateUtf8(bin, 5), 'utf8').length).toBeGreaterThan(0);
    expect(truncateUtf8(bin, 5)).toBe('\uFFFD'.repeat(5));
  });
});
