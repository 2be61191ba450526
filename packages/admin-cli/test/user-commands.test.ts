import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sha256Hex } from '@upmon/crypto';
import { createPrismaClient, type PrismaClient } from '@upmon/db';
import { createTestDatabase, makeAccount, type TestDatabase } from '@upmon/testing';

const cli = path.resolve(import.meta.dirname, '../dist/main.js');

describe('admin CLI: user commands', () => {
  let db: TestDatabase;
  let prisma: PrismaClient;
  const admin = (...args: string[]) => {
    const r = spawnSync(process.execPath, [cli, ...args], {
      env: { PATH: process.env.PATH ?? '', DATABASE_URL: db.url, APP_BASE_URL: 'https://app.example.com/' },
      encoding: 'utf8',
    });
    return { code: r.status, json: r.stdout ? JSON.parse(r.stdout) : null, err: r.stderr };
  };

  beforeAll(async () => {
    db = await createTestDatabase();
    prisma = createPrismaClient(db.url, { poolSize: 2 });
  });
  afterAll(async () => {
    await prisma.$disconnect();
    await db.drop();
  });

  test('user create prints a one-time set-password link; only its hash is stored', async () => {
    const account = await makeAccount(prisma, 'free');
    const r = admin('user', 'create', '--account', account.id, '--email', ' Ann@Example.COM ', '--role', 'owner');
    expect(r.code).toBe(0);
    expect(r.json).toMatchObject({ email: 'ann@example.com', name: 'ann', account_id: account.id, role: 'owner' });
    const m = /^https:\/\/app\.example\.com\/auth\/password\/([A-Za-z0-9_-]{32})$/.exec(r.json.set_password_link);
    expect(m).not.toBeNull();
    const token = await prisma.userToken.findUniqueOrThrow({ where: { tokenHash: sha256Hex(m?.[1] as string) } });
    expect(token).toMatchObject({ userId: r.json.id, purpose: 'set_password', usedAt: null });
    expect(token.expiresAt.getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3600_000);
    const membership = await prisma.membership.findUniqueOrThrow({ where: { accountId_userId: { accountId: account.id, userId: r.json.id } } });
    expect(membership.role).toBe('owner');
  });

  test('user list and user remove', async () => {
    const account = await makeAccount(prisma, 'pro');
    admin('user', 'create', '--account', account.id, '--email', 'bob@example.com', '--role', 'read_only', '--name', 'Bob');
    admin('user', 'create', '--account', account.id, '--email', 'cy@example.com', '--role', 'member');
    const list = admin('user', 'list', '--account', account.id);
    expect(list.json.map((u: { email: string; role: string }) => [u.email, u.role])).toEqual([
      ['bob@example.com', 'read_only'],
      ['cy@example.com', 'member'],
    ]);
    expect(list.json[0]).toMatchObject({ name: 'Bob', has_password: false });

    expect(admin('user', 'remove', '--email', 'bob@example.com', '--account', account.id).code).toBe(0);
    expect(admin('user', 'list', '--account', account.id).json).toHaveLength(1);
    expect(await prisma.user.findUnique({ where: { email: 'bob@example.com' } })).not.toBeNull();
    const gone = admin('user', 'remove', '--email', 'cy@example.com');
    expect(gone.json).toMatchObject({ deleted: true });
    expect(await prisma.user.findUnique({ where: { email: 'cy@example.com' } })).toBeNull();
    // Each change in the account's audit log, by the operator.
    const events = await prisma.auditEvent.findMany({ where: { accountId: account.id }, orderBy: { id: 'asc' } });
    expect(events.map((e) => [e.actorKind, e.action, e.target])).toEqual([
      ['operator', 'member.add', 'bob@example.com as read_only'],
      ['operator', 'member.add', 'cy@example.com as member'],
      ['operator', 'member.remove', 'bob@example.com'],
      ['operator', 'member.remove', 'cy@example.com (the person deleted)'],
    ]);
  });

  test('usage mistakes exit 2 with a message', async () => {
    const account = await makeAccount(prisma);
    const bad = admin('user', 'create', '--account', account.id, '--email', 'x@example.com', '--role', 'god');
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.err).error).toMatch(/--role must be one of owner, admin, member, read_only/);
    expect(admin('user', 'create', '--account', account.id, '--email', 'not-an-email', '--role', 'member').code).toBe(2);
    const missing = admin('user', 'create', '--account', '00000000-0000-4000-8000-000000000000', '--email', 'x@example.com', '--role', 'member');
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.err).error).toMatch(/not found/);
    expect(admin('user', 'remove', '--email', 'nobody@example.com').code).toBe(1);
  });
  test("user remove-2fa turns off a user's two-factor (TOTP, security keys, recovery codes) and logs it in each of their accounts", async () => {
    const account = await makeAccount(prisma, 'free');
    const created = admin('user', 'create', '--account', account.id, '--email', 'lost@example.com', '--role', 'owner');
    await prisma.user.update({
      where: { id: created.json.id },
      data: {
        totpSecret: new Uint8Array([1, 2, 3]),
        recoveryCodes: { create: [{ codeHash: 'x' }] },
        securityKeys: { create: [{ name: 'YubiKey', credentialId: 'cred-1', publicKey: new Uint8Array([4]), counter: 0n, transports: ['usb'] }] },
      },
    });
    const r = admin('user', 'remove-2fa', '--email', 'LOST@example.com');
    expect(r.code).toBe(0);
    expect(r.json).toEqual({ id: created.json.id, email: 'lost@example.com', two_factor: false });
    const user = await prisma.user.findUniqueOrThrow({ where: { id: created.json.id }, include: { recoveryCodes: true, securityKeys: true } });
    expect([user.totpSecret, user.recoveryCodes, user.securityKeys]).toEqual([null, [], []]);
    const events = await prisma.auditEvent.findMany({ where: { accountId: account.id, action: 'two_factor.disable' } });
    expect(events).toEqual([expect.objectContaining({ actorKind: 'operator', target: 'lost@example.com' })]);
    expect(admin('user', 'remove-2fa', '--email', 'nobody@example.com').code).toBe(1);
  });
});
