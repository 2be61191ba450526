import { ManualClock } from '@upmon/testing';
import { issueUserToken, totpCodeAt } from '@upmon/user-store';
import { startHarness, type Harness } from './support/api-harness.js';
import { enrolTotp, firstStep as twoFactorFirstStep, recoveryCodesOf, secretOf } from './support/two-factor.js';
import { pageText, WebClient } from './support/web-client.js';
import { makeTeam, makeUser, TEST_PASSWORD, type Team } from './support/web-users.js';

// The app's clock is moved by the tests: each TOTP time step (30 s) can be used once.
const clock = new ManualClock(new Date());
let h: Harness;
let team: Team;

beforeAll(async () => {
  h = await startHarness({}, clock);
  team = await makeTeam(h.prisma);
});
afterAll(() => h.close());

const nextStep = async () => {
  await clock.advance(30_000);
  return clock.now();
};

const enrol = (email: string) => enrolTotp(h.api.url, email, clock);

const firstStep = (email: string) => twoFactorFirstStep(h.api.url, email);

describe('TOTP', () => {
  test('set up with a code from the app: wrong codes refused, then on, with 10 recovery codes shown once; the secret is stored encrypted', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const c = new WebClient(h.api.url);
    await c.signIn(user.email, TEST_PASSWORD);
    await c.get('/me/two-factor');
    await c.post('/me/two-factor/setup');
    const page = await c.get('/me/two-factor');
    const secret = secretOf(page.text);
    expect(page.text).toContain('otpauth://totp/upmon:');
    // The same URI as a QR code: an SVG image, in the page (the CSP allows data: images only).
    const qr = /<img class="qr-code" src="data:image\/svg\+xml;base64,([A-Za-z0-9+/=]+)"[^>]* alt="QR code of the setup key/.exec(page.text)?.[1] as string;
    expect(Buffer.from(qr, 'base64').toString()).toMatch(
      /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 (\d+) \1"><rect fill="white"[^>]*\/><path fill="black" d="M[\d,hvzM-]+"\/><\/svg>$/,
    );
    expect((await c.post('/me/two-factor/confirm', { code: '000000' })).status).toBe(422);
    const on = await c.post('/me/two-factor/confirm', { code: totpCodeAt(secret, clock.now()) });
    expect(on.status).toBe(201);
    const codes = recoveryCodesOf(on.text);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const row = await h.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(Buffer.from(row.totpSecret as Uint8Array).toString()).not.toContain(secret);
    expect(await h.prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(10);
    expect(JSON.stringify(await h.prisma.recoveryCode.findMany({ where: { userId: user.id } }))).not.toContain(codes[0]!.replace('-', ''));
    expect(pageText((await c.get('/me/two-factor')).text)).toContain('10 unused recovery codes left');
    const logged = await h.pool.query(`SELECT action FROM audit_events WHERE actor_user_id = $1 AND action LIKE 'two_factor%'`, [user.id]);
    expect(logged.rows).toEqual([{ action: 'two_factor.enable' }]);
  });

  test('sign-in asks for the code after the password; a wrong code is refused; the right one signs in; a code works once', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const { secret } = await enrol(user.email);
    const c = await firstStep(user.email);
    expect((await c.get('/projects')).status).toBe(303); // not signed in yet
    await c.get('/sign-in/two-factor');
    const wrong = await c.post('/sign-in/two-factor', { code: '123456', next: '/projects' });
    expect(wrong.status).toBe(401);
    expect(pageText(wrong.text)).toContain('That code is not right');
    const code = totpCodeAt(secret, await nextStep());
    const ok = await c.post('/sign-in/two-factor', { code, next: '/projects' });
    expect(ok.status).toBe(303);
    expect(ok.location).toBe('/projects');
    expect((await c.get('/projects')).status).toBe(200);
    // The same code again (someone who saw it): refused.
    const thief = await firstStep(user.email);
    await thief.get('/sign-in/two-factor');
    expect((await thief.post('/sign-in/two-factor', { code })).status).toBe(401);
    const events = await h.pool.query(`SELECT action FROM audit_events WHERE actor_user_id = $1 AND action LIKE 'sign_in%' ORDER BY id`, [user.id]);
    expect(events.rows.map((r) => r.action)).toEqual(['sign_in', 'sign_in.second_step_failed', 'sign_in', 'sign_in.second_step_failed']);
  });

  test('without the password first there is no second step; an e-mailed or set-password link does not skip it', async () => {
    const c = new WebClient(h.api.url);
    expect((await c.get('/sign-in/two-factor')).location).toBe('/sign-in');
    const user = await makeUser(h.prisma, team.accountId, 'member');
    await enrol(user.email);
    const token = await issueUserToken(h.prisma, { userId: user.id, purpose: 'sign_in', ttlMs: 60_000, now: clock.now() });
    await c.get(`/auth/link/${token}`);
    const res = await c.post(`/auth/link/${token}`);
    expect(res.location).toMatch(/^\/sign-in\/two-factor/);
    expect(c.cookies.has('upmon_session')).toBe(false);
  });

  test('lost device: a recovery code signs in once', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const { codes } = await enrol(user.email);
    const c = await firstStep(user.email);
    expect((await c.post('/sign-in/two-factor', { code: codes[3]!.toUpperCase() })).status).toBe(303);
    const again = await firstStep(user.email);
    expect((await again.post('/sign-in/two-factor', { code: codes[3]! })).status).toBe(401);
    expect(pageText((await c.get('/me/two-factor')).text)).toContain('9 unused recovery codes left');
  });

  test('new recovery codes replace the old ones; turning it off removes TOTP (both right after signing in)', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const { c, codes } = await enrol(user.email);
    await c.get('/me/two-factor');
    const renewed = await c.post('/me/two-factor/recovery-codes');
    expect(renewed.status).toBe(201);
    const fresh = recoveryCodesOf(renewed.text);
    expect(fresh).not.toContain(codes[0]);
    expect((await c.post('/me/two-factor/disable')).status).toBe(303);
    expect((await h.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret).toBeNull();
    expect((await new WebClient(h.api.url).signIn(user.email, TEST_PASSWORD)).location).toBe('/projects');
  });
});

/** A security key as registration would store it (the browser test registers real ones). */
const addKey = (userId: string, name: string) =>
  h.prisma.securityKey.create({
    data: { userId, name, credentialId: `cred-${name}-${userId}`, publicKey: new Uint8Array([1, 2, 3]), counter: 0n, transports: ['usb'] },
  });

describe('security keys', () => {
  test('with a key, the second step offers it; its challenge is kept on the pending sign-in and used up by a refused assertion', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const key = await addKey(user.id, 'YubiKey');
    const c = await firstStep(user.email);
    const page = await c.get('/sign-in/two-factor?next=%2Fprojects');
    expect(pageText(page.text)).toContain('Use a security key');
    const pending = await h.prisma.userToken.findFirstOrThrow({ where: { userId: user.id, purpose: 'two_factor' } });
    const challenge = pending.webauthnChallenge as string;
    expect(page.text).toContain(challenge);
    expect(page.text).toContain(key.credentialId);
    const forged = JSON.stringify({
      id: key.credentialId,
      rawId: key.credentialId,
      type: 'public-key',
      clientExtensionResults: {},
      response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' },
    });
    const refused = await c.post('/sign-in/two-factor/security-key', { credential: forged });
    expect(refused.status).toBe(401);
    expect(pageText(refused.text)).toContain('The security key was not accepted');
    // That challenge is gone: the page shown with the refusal carries a new one.
    const fresh = await h.prisma.userToken.findUniqueOrThrow({ where: { id: pending.id } });
    expect(fresh.webauthnChallenge).not.toBe(challenge);
    expect((await c.post('/sign-in/two-factor/security-key', { credential: 'not json' })).status).toBe(401);
    expect(c.cookies.has('upmon_session')).toBe(false);
    const failed = await h.pool.query(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'sign_in.second_step_failed' AND actor_user_id = $1`, [
      user.id,
    ]);
    expect(failed.rows[0].n).toBe(2);
  });

  test("keys are listed and removed by their owner only (logged); the last one takes the recovery codes; someone else's is not found", async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const other = await makeUser(h.prisma, team.accountId, 'member');
    const theirs = await addKey(other.id, 'Phone');
    const signedIn = new WebClient(h.api.url);
    expect((await signedIn.signIn(user.email, TEST_PASSWORD)).location).toBe('/projects');
    const mine = await addKey(user.id, 'Laptop');
    await h.prisma.recoveryCode.create({ data: { userId: user.id, codeHash: 'x' } });
    const page = await signedIn.get('/me/two-factor');
    expect(pageText(page.text)).toContain('Laptop');
    expect(pageText(page.text)).not.toContain('Phone');
    expect((await signedIn.post(`/me/two-factor/security-keys/${theirs.id}/remove`)).status).toBe(404);
    expect(await h.prisma.securityKey.count({ where: { id: theirs.id } })).toBe(1);
    const removed = await signedIn.post(`/me/two-factor/security-keys/${mine.id}/remove`);
    expect(removed.status).toBe(303);
    expect(await h.prisma.securityKey.count({ where: { userId: user.id } })).toBe(0);
    expect(await h.prisma.recoveryCode.count({ where: { userId: user.id } })).toBe(0);
    const logged = await h.pool.query(`SELECT target FROM audit_events WHERE action = 'two_factor.security_key_remove' AND actor_user_id = $1`, [user.id]);
    expect(logged.rows).toEqual([{ target: 'Laptop' }]);
  });

  test('a registration without a browser answer is refused with a clear message', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const c = new WebClient(h.api.url);
    await c.signIn(user.email, TEST_PASSWORD);
    await c.get('/me/two-factor');
    expect(pageText((await c.post('/me/two-factor/security-keys', { key_name: '' })).text)).toContain('must be 1 to 60 characters');
    const res = await c.post('/me/two-factor/security-keys', { key_name: 'YubiKey', credential: '{}' });
    expect(res.status).toBe(422);
    expect(pageText(res.text)).toContain('the security key did not answer');
    expect(await h.prisma.securityKey.count({ where: { userId: user.id } })).toBe(0);
  });
});

describe('a recent proof of who the person is (issue 36)', () => {
  const later = () => clock.advance(11 * 60_000);

  test('every change to second factors needs it: 10 minutes after signing in each is refused and nothing changes, until the password confirms it', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const { c, secret } = await enrol(user.email);
    const key = await addKey(user.id, 'YubiKey');
    const before = await h.prisma.recoveryCode.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } });
    await later();
    const page = pageText((await c.get('/me/two-factor')).text);
    expect(page).toContain('Confirm it’s you');
    expect(page).not.toContain('Turn off two-factor authentication');
    expect(page).not.toContain('Add a security key');
    const refused = [
      await c.post('/me/two-factor/setup'),
      await c.post('/me/two-factor/confirm', { code: totpCodeAt(secret, await nextStep()) }),
      await c.post('/me/two-factor/security-keys', { key_name: 'Mine now', credential: '{}' }),
      await c.post(`/me/two-factor/security-keys/${key.id}/remove`),
      await c.post('/me/two-factor/recovery-codes'),
      await c.post('/me/two-factor/disable'),
    ];
    expect(refused.map((r) => [r.status, r.location])).toEqual(refused.map(() => [303, '/me/two-factor?done=confirm-first']));
    expect(pageText((await c.get('/me/two-factor?done=confirm-first')).text)).toContain('Nothing was changed: confirm it’s you first.');
    const row = await h.prisma.user.findUniqueOrThrow({ where: { id: user.id } });
    expect(row.totpSecret).not.toBeNull();
    expect(row.totpPendingSecret).toBeNull();
    expect(await h.prisma.securityKey.count({ where: { userId: user.id } })).toBe(1);
    expect(await h.prisma.recoveryCode.findMany({ where: { userId: user.id }, orderBy: { id: 'asc' } })).toEqual(before);

    expect((await c.post('/me/two-factor/confirm-identity', { password: 'not my password at all' })).status).toBe(422);
    expect((await c.post('/me/two-factor/confirm-identity', {})).status).toBe(422);
    const confirmed = await c.post('/me/two-factor/confirm-identity', { password: TEST_PASSWORD });
    expect(confirmed.location).toBe('/me/two-factor?done=confirmed');
    expect(pageText((await c.get(confirmed.location as string)).text)).not.toContain('Confirm it’s you');
    expect((await c.post(`/me/two-factor/security-keys/${key.id}/remove`)).location).toBe('/me/two-factor?done=key-removed');
    expect((await c.post('/me/two-factor/recovery-codes')).status).toBe(201);
    // And it wears off again.
    await later();
    await c.get('/me/two-factor');
    expect((await c.post('/me/two-factor/disable')).location).toBe('/me/two-factor?done=confirm-first');
  });

  test('a second factor confirms it too (a person without a password: a code from the app)', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const { c, secret } = await enrol(user.email);
    await h.prisma.user.update({ where: { id: user.id }, data: { passwordHash: null } });
    await later();
    const page = await c.get('/me/two-factor');
    expect(page.text).not.toContain('name="password"');
    expect(page.text).toContain('name="code"');
    expect((await c.post('/me/two-factor/confirm-identity', { code: '000000' })).status).toBe(422);
    expect((await c.post('/me/two-factor/confirm-identity', { code: totpCodeAt(secret, await nextStep()) })).location).toBe('/me/two-factor?done=confirmed');
    await c.get('/me/two-factor');
    expect((await c.post('/me/two-factor/disable')).location).toBe('/me/two-factor?done=off');
    expect((await h.prisma.user.findUniqueOrThrow({ where: { id: user.id } })).totpSecret).toBeNull();
  });
});

describe('owners', () => {
  test("an owner removes a member's two-factor (lost device and codes); admins cannot", async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    await enrol(user.email);
    await addKey(user.id, 'YubiKey');
    const admin = new WebClient(h.api.url);
    await admin.signIn(team.users.admin.email, TEST_PASSWORD);
    await admin.get(`/accounts/${team.accountId}`);
    expect((await admin.post(`/accounts/${team.accountId}/members/${user.id}/two-factor/remove`)).status).toBe(403);
    const owner = new WebClient(h.api.url);
    await owner.signIn(team.users.owner.email, TEST_PASSWORD);
    const page = await owner.get(`/accounts/${team.accountId}`);
    expect(pageText(page.text)).toContain('two-factor on');
    expect((await owner.post(`/accounts/${team.accountId}/members/${user.id}/two-factor/remove`)).status).toBe(303);
    expect((await new WebClient(h.api.url).signIn(user.email, TEST_PASSWORD)).location).toBe('/projects');
    expect(await h.prisma.securityKey.count({ where: { userId: user.id } })).toBe(0);
    const logged = await h.pool.query(`SELECT actor_user_id, target FROM audit_events WHERE action = 'two_factor.disable' ORDER BY id DESC LIMIT 1`);
    expect(logged.rows[0]).toEqual({ actor_user_id: team.users.owner.id, target: user.email });
  });

  test('an owner requires two-factor: members without it are sent to set it up, and get in once they have', async () => {
    const other = await makeTeam(h.prisma);
    const owner = new WebClient(h.api.url);
    await owner.signIn(other.users.owner.email, TEST_PASSWORD);
    await owner.get(`/accounts/${other.accountId}`);
    expect((await owner.post(`/accounts/${other.accountId}/two-factor-required`, { require: 'on' })).status).toBe(303);
    const member = new WebClient(h.api.url);
    await member.signIn(other.users.member.email, TEST_PASSWORD);
    const sent = await member.get(`/projects/${other.project.id}`);
    expect(sent.status).toBe(303);
    expect(sent.location).toBe('/me/two-factor');
    const page = await member.get('/me/two-factor');
    expect(pageText(page.text)).toContain('requires two-factor authentication');
    await member.post('/me/two-factor/setup');
    const secret = secretOf((await member.get('/me/two-factor')).text);
    expect((await member.post('/me/two-factor/confirm', { code: totpCodeAt(secret, clock.now()) })).status).toBe(201);
    expect((await member.get(`/projects/${other.project.id}`)).status).toBe(200);
  });
});
