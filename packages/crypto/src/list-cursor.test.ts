import { createListCursors, MAX_LIST_CURSOR_LENGTH } from './list-cursor.js';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
const SCOPE = 'checks:5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10';
const POSITION = '2026-12-02T17:14:03.123456Z 0b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10';

describe('list cursors', () => {
  const cursors = createListCursors([KEY_A]);

  it('round-trips a position in a URL-safe token no longer than the bound', () => {
    const cursor = cursors.sign(SCOPE, POSITION);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor.length).toBeLessThanOrEqual(MAX_LIST_CURSOR_LENGTH);
    expect(cursor).not.toContain(Buffer.from(SCOPE).toString('base64url'));
    expect(cursors.verify(SCOPE, cursor)).toBe(POSITION);
    expect(cursors.verify(SCOPE, cursors.sign(SCOPE, 'x'.repeat(96)))).toBe('x'.repeat(96));
  });

  it('refuses a cursor with any byte changed, cut short or lengthened', () => {
    const raw = Buffer.from(cursors.sign(SCOPE, POSITION), 'base64url');
    for (let i = 0; i < raw.length; i++) {
      const changed = Buffer.from(raw);
      changed[i] = changed[i]! ^ 1;
      expect(cursors.verify(SCOPE, changed.toString('base64url'))).toBeNull();
    }
    expect(cursors.verify(SCOPE, raw.subarray(0, raw.length - 1).toString('base64url'))).toBeNull();
    expect(cursors.verify(SCOPE, Buffer.concat([raw, Buffer.of(0)]).toString('base64url'))).toBeNull();
  });

  it('refuses a cursor of another list or project, and one that another key signed', () => {
    const cursor = cursors.sign(SCOPE, POSITION);
    expect(cursors.verify('checks:0b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10', cursor)).toBeNull();
    expect(cursors.verify(SCOPE.replace('checks', 'integrations'), cursor)).toBeNull();
    expect(createListCursors([KEY_B]).verify(SCOPE, cursor)).toBeNull();
  });

  it('accepts cursors of every configured key (newest first signs), so a rotation keeps a walk going', () => {
    const old = cursors.sign(SCOPE, POSITION);
    const rotated = createListCursors([KEY_B, KEY_A]);
    expect(rotated.verify(SCOPE, old)).toBe(POSITION);
    expect(cursors.verify(SCOPE, rotated.sign(SCOPE, POSITION))).toBeNull();
  });

  it('refuses malformed input before decoding it: empty, over-long, not base64url, not a string', () => {
    for (const bad of ['', 'a', 'A'.repeat(MAX_LIST_CURSOR_LENGTH + 1), 'abc+/=', 'ab cd', '%41']) expect(cursors.verify(SCOPE, bad)).toBeNull();
    expect(cursors.verify(SCOPE, 42 as unknown as string)).toBeNull();
  });

  it('will not sign a position over the bound', () => {
    expect(() => cursors.sign(SCOPE, 'x'.repeat(97))).toThrow('at most 96 bytes');
  });
});
