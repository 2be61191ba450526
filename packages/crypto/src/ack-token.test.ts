import { ACK_LINK_TTL_MS, ACK_TOKEN_LENGTH, createAckTokens } from './ack-token.js';

const KEY_A = Buffer.alloc(32, 1).toString('base64');
const KEY_B = Buffer.alloc(32, 2).toString('base64');
const CHECK = '5b3c9d9e-6f7c-4a53-9a6c-2f0d1f1e9a10';
const NOW = new Date('2026-03-28T12:00:00Z');

describe('acknowledgement link tokens', () => {
  const tokens = createAckTokens([KEY_A]);

  it('round-trips the check, the down flip and the expiry (a week later), in a fixed-length URL-safe token', () => {
    const token = tokens.sign({ checkId: CHECK, flipId: '9007199254740993' }, NOW);
    expect(token).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(token).toHaveLength(ACK_TOKEN_LENGTH);
    expect(tokens.verify(token, NOW)).toEqual({ ok: true, checkId: CHECK, flipId: '9007199254740993', expiresAt: new Date(NOW.getTime() + ACK_LINK_TTL_MS) });
  });

  it('expires after a week of absolute time (across the Berlin spring-forward), and says so only for a genuine token', () => {
    const token = tokens.sign({ checkId: CHECK, flipId: '42' }, NOW);
    expect(tokens.verify(token, new Date(NOW.getTime() + ACK_LINK_TTL_MS - 1000)).ok).toBe(true);
    expect(tokens.verify(token, new Date(NOW.getTime() + ACK_LINK_TTL_MS))).toEqual({ ok: false, reason: 'expired', checkId: CHECK });
  });

  it('refuses a token whose any part was changed, or that another key signed', () => {
    const token = tokens.sign({ checkId: CHECK, flipId: '42' }, NOW);
    const raw = Buffer.from(token, 'base64url');
    for (const i of [0, 5, 20, 27, 40]) {
      const changed = Buffer.from(raw);
      changed[i] = changed[i]! ^ 1;
      expect(tokens.verify(changed.toString('base64url'), NOW)).toEqual({ ok: false, reason: 'invalid' });
    }
    expect(createAckTokens([KEY_B]).verify(token, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('refuses malformed input before decoding it', () => {
    for (const bad of ['', 'x', 'a'.repeat(59), 'a'.repeat(61), `${'a'.repeat(59)}=`, `${'a'.repeat(59)}/`, 'a'.repeat(100_000)]) {
      expect(tokens.verify(bad, NOW)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('keeps links signed with an older key working after a rotation (newest first signs)', () => {
    const old = tokens.sign({ checkId: CHECK, flipId: '7' }, NOW);
    const rotated = createAckTokens([KEY_B, KEY_A]);
    expect(rotated.verify(old, NOW)).toMatchObject({ ok: true, flipId: '7' });
    expect(tokens.verify(rotated.sign({ checkId: CHECK, flipId: '7' }, NOW), NOW)).toEqual({ ok: false, reason: 'invalid' });
  });
});
