import fs from 'node:fs';
import path from 'node:path';

// No Docker engine here to build an image and look inside; the patterns are checked instead.
const root = path.resolve(import.meta.dirname, '../../..');
const patterns = fs
  .readFileSync(path.join(root, '.dockerignore'), 'utf8')
  .split('\n')
  .map((l) => l.trim())
  .filter((l) => l !== '' && !l.startsWith('#'));

describe('.dockerignore', () => {
  it('keeps env files (at the root and in every package) and .run/ out of the build context', () => {
    expect(patterns).toEqual(expect.arrayContaining(['.env*', '**/.env*', '.run']));
    expect(patterns.some((p) => p.startsWith('!'))).toBe(false);
  });
});
