import { isMediaType } from './media-type.js';

describe('isMediaType', () => {
  it.each([
    'application/json',
    'text/plain; charset=utf-8',
    'text/plain;charset=utf-8',
    'application/vnd.api+json',
    'multipart/x; a=1 ; b="x y"',
    'text/plain ;\tq=0.5',
  ])('accepts %s', (v) => expect(isMediaType(v)).toBe(true));

  it.each([
    '',
    'json',
    'application/',
    '/json',
    'a/b/c',
    ' application/json',
    'application/json ',
    'text/plain; charset',
    'text/plain; =x',
    'text/plain; a=',
    'text/plain;',
    'text/plain; a=b\n',
    'text/plain; a=b\r\nX-Evil: 1',
    'text/plain; a=b; c=d\n',
    'te xt/plain',
  ])('refuses %j', (v) => expect(isMediaType(v)).toBe(false));

  it('is linear on the shape that made the old pattern backtrack', () => {
    const value = `a/a; a=${' '.repeat(256 * 1024)}\n`;
    // The least of three runs: the process's CPU time also counts V8's compiler and GC threads.
    let least = Infinity;
    for (let i = 0; i < 3; i++) {
      const start = process.cpuUsage();
      expect(isMediaType(value)).toBe(false);
      const used = process.cpuUsage(start);
      least = Math.min(least, (used.user + used.system) / 1000);
    }
    expect(least).toBeLessThan(50);
    expect(isMediaType(`a/a${'; a=b'.repeat(1_000)}`)).toBe(true);
  });
});
