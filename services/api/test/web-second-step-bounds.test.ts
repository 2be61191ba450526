import { SECOND_STEP_FAILURES_PER_PERSON } from '@upmon/domain';
import { eventually, ManualClock, PATIENCE_MS, startSmtpCapture } from '@upmon/testing';
import { issueUserToken, SECOND_STEP_ATTEMPTS_PER_TOKEN, TOKEN_TTL_MS, totpCodeAt } from '@upmon/user-store';
import { startHarness, type Harness } from './support/api-harness.js';
import { enrolTotp, firstStep } from './support/two-factor.js';
import { pageText, WebClient } from './support/web-client.js';
import { makeTeam, makeUser, TEST_PASSWORD, type Team } from './support/web-users.js';

// Issue 36, item 1: the second sign-in step is bounded per pending sign-in and per person (not only
// per client), its failures are their own audit event, and the person is told their password is known.
const clock = new ManualClock(new Date());
let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let team: Team;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Clients behind a trusted proxy, so X-Forwarded-For names each one (a budget of its own per address).
  h = await startHarness({ SMTP_URL: smtp.url, APP_BASE_URL: 'http://app.test', TRUSTED_PROXIES: '127.0.0.1/32' }, clock);
  team = await makeTeam(h.prisma);
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

const at = (address: string) => ({ 'x-forwarded-for': address });
const nextStep = async () => {
  await clock.advance(30_000);
  return clock.now();
};
const passwordKnownMails = (to: string) => smtp.mails.filter((m) => m.to.includes(to) && m.subject.includes('two-factor step failed'));

test('a pending sign-in dies after its wrong codes: then even the right code is refused and the person starts again with the password', async () => {
  const user = await makeUser(h.prisma, team.accountId, 'member');
  const { secret } = await enrolTotp(h.api.url, user.email, clock);
  const c = await firstStep(h.api.url, user.email, at('198.51.100.1'));
  const pending = c.cookies.get('upmon_2fa') as string;
  for (let i = 1; i < SECOND_STEP_ATTEMPTS_PER_TOKEN; i++) {
    const wrong = await c.post('/sign-in/two-factor', { code: '000000' });
    expect(wrong.status).toBe(401);
    expect(pageText(wrong.text)).toContain('That code is not right');
  }
  const last = await c.post('/sign-in/two-factor', { code: '000000' });
  expect(last.status).toBe(401);
  expect(pageText(last.text)).toContain(`${SECOND_STEP_ATTEMPTS_PER_TOKEN} wrong codes or security keys for this sign-in: start again with your password`);
  expect(c.cookies.has('upmon_2fa')).toBe(false);
  // The dead token, presented again with the right code: back to the password.
  c.cookies.set('upmon_2fa', pending);
  const dead = await c.post('/sign-in/two-factor', { code: totpCodeAt(secret, await nextStep()) });
  expect(dead.location).toBe('/sign-in');
  expect(c.cookies.has('upmon_session')).toBe(false);
  // A security key cannot use it either.
  c.cookies.set('upmon_2fa', pending);
  expect((await c.post('/sign-in/two-factor/security-key', { credential: '{}' })).location).toBe('/sign-in');
  // Starting again works.
  const again = await firstStep(h.api.url, user.email, at('198.51.100.1'));
  const ok = await again.post('/sign-in/two-factor', { code: totpCodeAt(secret, await nextStep()), next: '/projects' });
  expect(ok.location).toBe('/projects');
});

test("a person's second step is bounded across clients and pending sign-ins: then even the right code is refused, until the password is changed", async () => {
  const user = await makeUser(h.prisma, team.accountId, 'member');
  const { secret } = await enrolTotp(h.api.url, user.email, clock);
  // Each guesser from an address of its own, with a fresh pending sign-in, stays under the bound of one sign-in.
  let failures = 0;
  for (let client = 1; failures < SECOND_STEP_FAILURES_PER_PERSON; client++) {
    const c = await firstStep(h.api.url, user.email, at(`203.0.113.${client}`));
    for (let i = 1; i < SECOND_STEP_ATTEMPTS_PER_TOKEN && failures < SECOND_STEP_FAILURES_PER_PERSON; i++, failures++) {
      expect((await c.post('/sign-in/two-factor', { code: '000000' })).status).toBe(401);
    }
  }
  // A new address, the password, then the right code: refused for the person, not only that client.
  const owner = await firstStep(h.api.url, user.email, at('192.0.2.200'));
  const refused = await owner.post('/sign-in/two-factor', { code: totpCodeAt(secret, await nextStep()) });
  expect(refused.status).toBe(429);
  expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
  expect(owner.cookies.has('upmon_session')).toBe(false);
  // A new password (the e-mailed advice) takes the guesser's budget away.
  const token = await issueUserToken(h.prisma, { userId: user.id, purpose: 'set_password', ttlMs: TOKEN_TTL_MS.reset, now: clock.now() });
  const reset = new WebClient(h.api.url, at('192.0.2.200'));
  await reset.get(`/auth/password/${token}`);
  const set = await reset.post(`/auth/password/${token}`, { password: 'another long password', confirm: 'another long password' });
  expect(set.location).toMatch(/^\/sign-in\/two-factor/);
  await reset.get(set.location as string);
  expect((await reset.post('/sign-in/two-factor', { code: totpCodeAt(secret, await nextStep()), next: '/projects' })).location).toBe('/projects');
});

test('a failed second step is its own audit event (not a wrong password) and tells the person by e-mail, once, that their password is known', async () => {
  const user = await makeUser(h.prisma, team.accountId, 'member');
  await enrolTotp(h.api.url, user.email, clock);
  const wrongPassword = new WebClient(h.api.url, at('198.51.100.7'));
  expect((await wrongPassword.signIn(user.email, 'not the password at all')).status).toBe(401);
  const c = await firstStep(h.api.url, user.email, at('198.51.100.7'));
  expect((await c.post('/sign-in/two-factor', { code: '000000' })).status).toBe(401);
  const mail = await eventually(() => passwordKnownMails(user.email)[0], PATIENCE_MS, 'the password-known mail');
  expect(mail.text).toContain('with the right password');
  expect(mail.text).toContain('198.51.100.7');
  expect(mail.text).toContain('http://app.test/reset-password');
  expect((await c.post('/sign-in/two-factor', { code: '111111' })).status).toBe(401);
  expect((await c.post('/sign-in/two-factor/security-key', { credential: '{}' })).status).toBe(401);
  // A later mail to the same person (a reset link) arrives after any second alert would have.
  await c.submit('/reset-password', '/reset-password', { email: user.email });
  await eventually(() => smtp.mails.find((m) => m.to.includes(user.email) && m.subject.includes('Reset')), PATIENCE_MS, 'the reset mail');
  expect(passwordKnownMails(user.email)).toHaveLength(1);
  const events = await h.pool.query(`SELECT action, client_address FROM audit_events WHERE actor_user_id = $1 AND action LIKE 'sign_in%' ORDER BY id`, [
    user.id,
  ]);
  expect(events.rows).toEqual([
    { action: 'sign_in', client_address: '127.0.0.1' }, // enrolTotp's sign-in (no proxy header)
    { action: 'sign_in.failed', client_address: '198.51.100.7' },
    { action: 'sign_in.second_step_failed', client_address: '198.51.100.7' },
    { action: 'sign_in.second_step_failed', client_address: '198.51.100.7' },
    { action: 'sign_in.second_step_failed', client_address: '198.51.100.7' },
  ]);
});
