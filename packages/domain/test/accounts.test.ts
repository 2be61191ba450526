import { issueUserToken } from '@upmon/user-store';
import { randomToken } from '@upmon/crypto';
import {
  acceptInvitation,
  changePassword,
  countActiveSessions,
  createAccount,
  createInvitation,
  createProject,
  createUser,
  findMember,
  findOpenInvitation,
  findUser,
  findUserByEmail,
  isMemberAddress,
  listProjectCheckCounts,
  readAccountPage,
  removeMemberTwoFactor,
  resetPassword,
  revokeInvitation,
  setTwoFactorRequirement,
  totpEnabled,
} from '@upmon/domain';
import { makeCheck } from '@upmon/testing';
import { domainWorldOfThisFile } from './support/domain-world.js';

// People, accounts, invitations and projects as the web app changes and reads them, through the
// domain against a real database.

const NOW = new Date('2026-06-01T12:00:00.000Z');
const w = domainWorldOfThisFile();

const signUp = (email: string) => ({ email, name: 'Ada', passwordHash: 'hash-1', account: '' });
const actions = async (accountId: string) =>
  (await w.prisma.auditEvent.findMany({ where: { accountId }, orderBy: { id: 'asc' } })).map((e) => `${e.action} ${e.target}`);

test('a sign-up creates the user, an account they own on the free plan and a first project; the same address again gives null', async () => {
  const created = await createAccount(w.prisma, signUp('ada@example.com'));
  expect(created).not.toBeNull();
  const user = await findUserByEmail(w.prisma, 'ada@example.com');
  expect(user).toMatchObject({ id: created!.userId, name: 'Ada', passwordHash: 'hash-1' });
  const project = await w.prisma.project.findUniqueOrThrow({ where: { id: created!.projectId }, include: { account: true } });
  expect([project.name, project.account.name, project.account.plan]).toEqual(['My first project', "Ada's account", 'free']);
  expect(await findMember(w.prisma, project.accountId, created!.userId)).toMatchObject({ role: 'owner', user: { email: 'ada@example.com' } });
  expect(await createAccount(w.prisma, signUp('ada@example.com'))).toBeNull();
  expect(await w.prisma.account.count({ where: { name: "Ada's account" } })).toBe(1);
});

test("projects: created with a ping key of their own; the accounts' projects listed with their check counts", async () => {
  const owner = await createAccount(w.prisma, signUp('counts@example.com'));
  const { accountId } = await w.prisma.project.findUniqueOrThrow({ where: { id: owner!.projectId } });
  const second = await createProject(w.prisma, accountId, 'Second');
  const pingKeys = await w.prisma.project.findMany({ where: { accountId }, select: { pingKey: true } });
  expect(new Set(pingKeys.map((p) => p.pingKey)).size).toBe(2);
  await makeCheck(w.prisma, second.id, { status: 'down' });
  await makeCheck(w.prisma, second.id, { status: 'late' });
  await makeCheck(w.prisma, second.id, { status: 'up' });
  const other = await w.project();
  await makeCheck(w.prisma, other.projectId);
  expect(await listProjectCheckCounts(w.pool, [accountId])).toEqual([
    { id: owner!.projectId, name: 'My first project', accountId, checks: 0, down: 0, late: 0 },
    { id: second.id, name: 'Second', accountId, checks: 3, down: 1, late: 1 },
  ]);
  expect((await listProjectCheckCounts(w.pool, [accountId, other.accountId])).map((p) => p.accountId)).toEqual([accountId, accountId, other.accountId]);
});

test('an invitation is found by its token while open, accepted once, and listed until then', async () => {
  const owner = await createAccount(w.prisma, signUp('owner@example.com'));
  const { accountId } = await w.prisma.project.findUniqueOrThrow({ where: { id: owner!.projectId } });
  expect(await isMemberAddress(w.prisma, accountId, 'owner@example.com')).toBe(true);
  expect(await isMemberAddress(w.prisma, accountId, 'new@example.com')).toBe(false);
  const { token } = await createInvitation(w.prisma, { accountId, email: 'new@example.com', role: 'member', invitedById: owner!.userId }, NOW);
  expect((await readAccountPage(w.prisma, accountId, NOW)).invitations.map((i) => i.email)).toEqual(['new@example.com']);
  expect(await findOpenInvitation(w.prisma, 'x'.repeat(101), NOW)).toBeNull();
  expect(await findOpenInvitation(w.prisma, randomToken(24), NOW)).toBeNull();
  const inv = await findOpenInvitation(w.prisma, token, NOW);
  expect(inv).toMatchObject({ accountId, email: 'new@example.com', role: 'member', account: { id: accountId } });
  expect(await findOpenInvitation(w.prisma, token, new Date(NOW.getTime() + 8 * 86_400_000))).toBeNull();

  const user = await createUser(w.prisma, { email: 'new@example.com', name: 'New', passwordHash: 'h' });
  const [first, second] = await Promise.all([
    acceptInvitation(w.prisma, inv!, { userId: user.id, client: '203.0.113.5' }, NOW),
    acceptInvitation(w.prisma, inv!, { userId: user.id, client: '203.0.113.5' }, NOW),
  ]);
  expect([first, second].sort()).toEqual([false, true]);
  expect(await findOpenInvitation(w.prisma, token, NOW)).toBeNull();
  expect(await findMember(w.prisma, accountId, user.id)).toMatchObject({ role: 'member' });
  const page = await readAccountPage(w.prisma, accountId, NOW);
  expect(page.invitations).toEqual([]);
  expect(page.members.map((m) => [m.email, m.role, m.hasPassword, m.hasTwoFactor])).toEqual([
    ['owner@example.com', 'owner', true, false],
    ['new@example.com', 'member', true, false],
  ]);
  expect(await actions(accountId)).toContain('member.join new@example.com as member');
});

test('revoking an invitation deletes it for its account only', async () => {
  const owner = await createAccount(w.prisma, signUp('revoker@example.com'));
  const { accountId } = await w.prisma.project.findUniqueOrThrow({ where: { id: owner!.projectId } });
  const { token } = await createInvitation(w.prisma, { accountId, email: 'x@example.com', role: 'admin', invitedById: owner!.userId }, NOW);
  const inv = (await findOpenInvitation(w.prisma, token, NOW))!;
  await revokeInvitation(w.prisma, w.scope.accountId, inv.id);
  expect(await findOpenInvitation(w.prisma, token, NOW)).not.toBeNull();
  await revokeInvitation(w.prisma, accountId, inv.id);
  expect(await findOpenInvitation(w.prisma, token, NOW)).toBeNull();
});

test('two-factor: an owner requires it and removes a member’s, both audit-logged', async () => {
  const owner = await createAccount(w.prisma, signUp('tf@example.com'));
  const { accountId } = await w.prisma.project.findUniqueOrThrow({ where: { id: owner!.projectId } });
  const actor = { kind: 'user' as const, userId: owner!.userId, email: 'tf@example.com', client: null };
  await setTwoFactorRequirement(w.prisma, accountId, actor, true);
  expect((await readAccountPage(w.prisma, accountId, NOW)).requireTwoFactor).toBe(true);
  await w.prisma.user.update({ where: { id: owner!.userId }, data: { totpSecret: new Uint8Array([1, 2, 3]) } });
  expect(await totpEnabled(w.prisma, owner!.userId)).toBe(true);
  expect((await readAccountPage(w.prisma, accountId, NOW)).members[0]?.hasTwoFactor).toBe(true);
  await removeMemberTwoFactor(w.prisma, accountId, actor, { userId: owner!.userId, email: 'tf@example.com' });
  expect(await totpEnabled(w.prisma, owner!.userId)).toBe(false);
  expect(await actions(accountId)).toEqual(['two_factor.required required', 'two_factor.disable tf@example.com']);
});

test('passwords: a change sets the hash; a reset link works once and ends every session', async () => {
  const created = await createAccount(w.prisma, signUp('pw@example.com'));
  const userId = created!.userId;
  await changePassword(w.prisma, userId, 'hash-2');
  expect((await findUser(w.prisma, userId)).passwordHash).toBe('hash-2');
  const expires = new Date(NOW.getTime() + 86_400_000);
  await w.prisma.session.createMany({
    data: [
      { userId, tokenHash: randomToken(16), csrfToken: 'c', expiresAt: expires },
      { userId, tokenHash: randomToken(16), csrfToken: 'c', expiresAt: expires },
      { userId, tokenHash: randomToken(16), csrfToken: 'c', expiresAt: new Date(NOW.getTime() - 1000) },
    ],
  });
  expect(await countActiveSessions(w.prisma, userId, NOW)).toBe(2);
  await issueUserToken(w.prisma, { userId, purpose: 'set_password', ttlMs: 3_600_000, now: NOW });
  const link = await w.prisma.userToken.findFirstOrThrow({ where: { userId } });
  expect(await resetPassword(w.prisma, { tokenId: link.id, userId }, 'hash-3', NOW)).toBe(true);
  expect(await resetPassword(w.prisma, { tokenId: link.id, userId }, 'hash-4', NOW)).toBe(false);
  expect((await findUser(w.prisma, userId)).passwordHash).toBe('hash-3');
  expect(await countActiveSessions(w.prisma, userId, NOW)).toBe(0);
});
