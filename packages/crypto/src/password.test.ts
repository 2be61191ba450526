import { hashPassword, passwordProblem, verifyPassword } from './password.js';

const FAST = { N: 1024, r: 8, p: 1 };

describe('password hashing', () => {
  test('a hash verifies its password and nothing else', async () => {
    const h = await hashPassword('correct horse battery', FAST);
    expect(h).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(await verifyPassword('correct horse battery', h)).toBe(true);
    expect(await verifyPassword('correct horse batterY', h)).toBe(false);
    expect(await verifyPassword('', h)).toBe(false);
  });

  test('two hashes of one password differ (salted)', async () => {
    expect(await hashPassword('same password', FAST)).not.toBe(await hashPassword('same password', FAST));
  });

  test('the default cost is stored with the hash', async () => {
    const h = await hashPassword('a strong password');
    expect(h.startsWith('scrypt$32768$8$1$')).toBe(true);
    expect(await verifyPassword('a strong password', h)).toBe(true);
  });

  test('malformed or absurd stored hashes are false, never an exception', async () => {
    for (const bad of ['', 'bcrypt$x', 'scrypt$a$b$c$d$e', 'scrypt$1073741824$8$1$AAAA$AAAA', 'scrypt$1024$8$1$AAAA']) {
      expect(await verifyPassword('whatever password', bad)).toBe(false);
    }
  });

  test('over-long passwords are refused without hashing', async () => {
    const h = await hashPassword('x'.repeat(200), FAST);
    expect(await verifyPassword('x'.repeat(201), h)).toBe(false);
  });

  test('length rules', () => {
    expect(passwordProblem('short')).toBe('must be at least 10 characters');
    expect(passwordProblem('x'.repeat(10))).toBeNull();
    expect(passwordProblem('x'.repeat(201))).toBe('must be at most 200 characters');
  });
});
