import { randomUUID } from 'node:crypto';
import { sha256Hex } from '@upmon/crypto';
import { passwordFailureBudgets } from '@upmon/domain';
import { eventually, makeCheck, makeProject, startSmtpCapture } from '@upmon/testing';
import { issueUserToken } from '@upmon/user-store';
import { parsePingUrl } from '../src/ping/ping-url.js';
import { WEB_FIRST_SEGMENTS } from '@upmon/web';
import { startHarness, type Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { makeTeam, makeUser, TEST_PASSWORD } from './support/web-users.js';

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let team: Awaited<ReturnType<typeof makeTeam>>;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The tests are clients behind a trusted proxy, so X-Forwarded-For names them.
  h = await startHarness({ SMTP_URL: smtp.url, APP_BASE_URL: 'http://app.test', TRUSTED_PROXIES: '127.0.0.1/32' });
  team = await makeTeam(h.prisma);
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});

const client = () => new WebClient(h.api.url);
/** A client at `address` (behind the trusted proxy). */
const clientAt = (address: string) => new WebClient(h.api.url, { 'x-forwarded-for': address });

describe('paths', () => {
  test.each(WEB_FIRST_SEGMENTS.map((s) => [s]))('/%s/… is never taken for a slug ping URL', (segment) => {
    expect(parsePingUrl(`/${segment}/some-slug`)).toBeNull();
    expect(parsePingUrl(`/${segment}/abcdefgh/edit`)).toBeNull();
  });

  test('a check page path stays a page, not a ping', () => {
    expect(parsePingUrl(`/checks/${randomUUID()}`)).toBeNull();
  });
});

describe('sign-in', () => {
  test('signed out, a page redirects to sign-in and back; the session cookie is HttpOnly, SameSite=Lax, not Secure on http', async () => {
    const c = client();
    const check = await makeCheck(h.prisma, team.project.id, { name: 'nightly backup' });
    const first = await c.get(`/checks/${check.id}`);
    expect(first.status).toBe(303);
    expect(first.location).toBe(`/sign-in?next=${encodeURIComponent(`/checks/${check.id}`)}`);
    const form = await c.get(first.location as string);
    expect(form.status).toBe(200);
    expect(form.text).toContain(`name="next" value="/checks/${check.id}"`);
    const res = await c.post('/sign-in', { email: team.users.member.email.toUpperCase(), password: TEST_PASSWORD, next: `/checks/${check.id}` });
    expect(res.status).toBe(303);
    expect(res.location).toBe(`/checks/${check.id}`);
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith('upmon_session='));
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).not.toMatch(/Secure/);
    const token = c.cookies.get('upmon_session') as string;
    // Only the hash is stored.
    expect(await h.prisma.session.findUnique({ where: { tokenHash: sha256Hex(token) } })).not.toBeNull();
    expect(await h.prisma.session.findUnique({ where: { tokenHash: token } })).toBeNull();
  });

  test('wrong password: 401 with a message, no session', async () => {
    const c = client();
    const res = await c.signIn(team.users.admin.email, 'not the password');
    expect(res.status).toBe(401);
    expect(pageText(res.text)).toContain('Wrong e-mail or password.');
    expect(c.cookies.has('upmon_session')).toBe(false);
    const unknown = await c.signIn('nobody@example.com', 'whatever password');
    expect(unknown.status).toBe(401);
  });

  test('open redirects are refused', async () => {
    const c = client();
    const res = await c.signIn(team.users.admin.email, TEST_PASSWORD, '//evil.example/x');
    expect(res.location).toBe('/projects');
  });

  test('the session is renewed at sign-in: the old token stops working', async () => {
    const c = client();
    await c.signIn(team.users.owner.email, TEST_PASSWORD);
    const before = c.cookies.get('upmon_session') as string;
    await c.get('/projects'); // the session's CSRF token
    expect((await c.post('/sign-in', { email: team.users.owner.email, password: TEST_PASSWORD })).status).toBe(303);
    const after = c.cookies.get('upmon_session') as string;
    expect(after).not.toBe(before);
    expect(await h.prisma.session.findUnique({ where: { tokenHash: sha256Hex(before) } })).toBeNull();
  });

  test('sign-out ends the session', async () => {
    const c = client();
    await c.signIn(team.users.owner.email, TEST_PASSWORD);
    const token = c.cookies.get('upmon_session') as string;
    expect((await c.get('/projects')).status).toBe(200);
    const out = await c.post('/sign-out');
    expect(out.status).toBe(303);
    expect(await h.prisma.session.findUnique({ where: { tokenHash: sha256Hex(token) } })).toBeNull();
    // Even a browser that kept the cookie is signed out.
    c.cookies.set('upmon_session', token);
    expect((await c.get('/projects')).status).toBe(303);
  });

  test('failures throttle the failing client for that address (429 with Retry-After), even with the right password', async () => {
    const a = clientAt('198.51.100.7');
    await a.get('/sign-in');
    const email = team.users.member.email;
    for (let i = 0; i < 10; i++) expect((await a.post('/sign-in', { email, password: 'wrong password!' })).status).toBe(401);
    const res = await a.post('/sign-in', { email, password: TEST_PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(pageText(res.text)).toMatch(/Too many attempts/);
    await h.resetRateLimits();
  });

  test("another client's failures never lock the owner out: client B signs in with the right password", async () => {
    const attacker = clientAt('198.51.100.8');
    await attacker.get('/sign-in');
    const email = team.users.admin.email;
    for (let i = 0; i < 12; i++) expect((await attacker.post('/sign-in', { email, password: 'wrong password!' })).status).toBe(i < 10 ? 401 : 429);
    const owner = clientAt('203.0.113.9');
    expect((await owner.signIn(email, TEST_PASSWORD)).status).toBe(303);
    // IPv6: one subscriber's /64 is one client, another /64 another.
    expect((await clientAt('2001:db8:1:2::5').signIn(email, TEST_PASSWORD)).status).toBe(303);
    await h.resetRateLimits();
  });

  test('successful sign-ins never count: a NAT with many people signing in is never throttled', async () => {
    const nat = '192.0.2.44';
    for (let i = 0; i < 110; i++) {
      const email = team.users[(['owner', 'admin', 'member', 'read_only'] as const)[i % 4] as 'owner'].email;
      expect((await clientAt(nat).signIn(email, TEST_PASSWORD)).status).toBe(303);
    }
    // A few typos behind the NAT do not refuse the right password either, and it clears them.
    const typist = clientAt(nat);
    for (let i = 0; i < 9; i++) expect((await typist.signIn(team.users.owner.email, 'a typo in it')).status).toBe(401);
    expect((await typist.signIn(team.users.owner.email, TEST_PASSWORD)).status).toBe(303);
    const again = clientAt(nat);
    for (let i = 0; i < 9; i++) expect((await again.signIn(team.users.owner.email, 'a typo in it')).status).toBe(401);
    await h.resetRateLimits();
  });

  test('a client guessing across addresses is capped (100 failures an hour)', async () => {
    const c = clientAt('198.51.100.99');
    await c.get('/sign-in');
    // 98 failures already spent in the last hour (100 password checks would take minutes here).
    const [, perClient] = passwordFailureBudgets(h.prefix, sha256Hex('x'), '198.51.100.99');
    const now = Date.now();
    await h.api.redis.zadd(perClient!.key, ...Array.from({ length: 98 }, (_, i) => [now - i * 1000, `earlier-${i}`]).flat());
    for (let i = 0; i < 2; i++) expect((await c.post('/sign-in', { email: `spray${i}@example.com`, password: 'wrong password!' })).status).toBe(401);
    expect((await c.post('/sign-in', { email: 'spray-more@example.com', password: 'wrong password!' })).status).toBe(429);
    // Another client is not affected.
    expect((await clientAt('198.51.100.100').signIn(team.users.owner.email, TEST_PASSWORD)).status).toBe(303);
    await h.resetRateLimits();
  });
});

describe('forms and headers', () => {
  test('a POST without the CSRF token is refused (403) and changes nothing', async () => {
    const c = client();
    await c.signIn(team.users.owner.email, TEST_PASSWORD);
    const token = c.cookies.get('upmon_session') as string;
    const res = await c.post('/sign-out', { _csrf: 'forged-token-forged-token' });
    expect(res.status).toBe(403);
    expect(await h.prisma.session.findUnique({ where: { tokenHash: sha256Hex(token) } })).not.toBeNull();
    const noToken = await c.request('POST', '/sign-out', new URLSearchParams());
    expect(noToken.status).toBe(403);
  });

  test('signed-out forms need the token of their own cookie', async () => {
    const c = client();
    const res = await c.request('POST', '/sign-in', new URLSearchParams({ email: team.users.owner.email, password: TEST_PASSWORD }));
    expect(res.status).toBe(403);
  });

  test('pages send a strict CSP and the usual security headers, and are not cached', async () => {
    const res = await client().get('/sign-in');
    const csp = res.headers.get('content-security-policy') as string;
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(res.headers.get('referrer-policy')).toBe('same-origin');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/); // no inline script
  });

  test('static assets have content-hashed names and immutable caching', async () => {
    const page = await client().get('/sign-in');
    const css = /href="(\/static\/app\.[0-9a-f]{12}\.css)"/.exec(page.text)?.[1] as string;
    const js = /src="(\/static\/app\.[0-9a-f]{12}\.js)"/.exec(page.text)?.[1] as string;
    const res = await fetch(`${h.api.url}${css}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-type')).toMatch(/text\/css/);
    const script = await (await fetch(`${h.api.url}${js}`)).text();
    // Its imports point at hashed names too.
    expect(script).toMatch(/from '\/static\/local-time\.[0-9a-f]{12}\.js'/);
    expect((await fetch(`${h.api.url}/static/app.000000000000.css`)).status).toBe(404);
  });

  test('unknown app paths get a 404 page; the API keeps its JSON 404', async () => {
    const res = await client().get('/projects/not-a-project/nothing');
    expect([303, 404]).toContain(res.status);
    const api = await fetch(`${h.api.url}/api/v1/nope`);
    expect(api.headers.get('content-type')).toMatch(/json/);
  });
});

describe('one-time links', () => {
  test('set-password link: sets the password, signs in, signs out other sessions, works once', async () => {
    const other = client();
    await other.signIn(team.users.read_only.email, TEST_PASSWORD);
    const token = await issueUserToken(h.prisma, { userId: team.users.read_only.id, purpose: 'set_password', ttlMs: 3600_000, now: new Date() });
    const c = client();
    const form = await c.get(`/auth/password/${token}`);
    expect(form.status).toBe(200);
    expect(pageText(form.text)).toContain(team.users.read_only.email);
    const short = await c.post(`/auth/password/${token}`, { password: 'short', confirm: 'short' });
    expect(short.status).toBe(422);
    expect(pageText(short.text)).toContain('must be at least 10 characters');
    const mismatch = await c.post(`/auth/password/${token}`, { password: 'a brand new password', confirm: 'another one entirely' });
    expect(pageText(mismatch.text)).toContain('does not match');
    const ok = await c.post(`/auth/password/${token}`, { password: 'a brand new password', confirm: 'a brand new password' });
    expect(ok.status).toBe(303);
    // The account has one project: its dashboard, not the list of one.
    expect(await h.prisma.project.count({ where: { accountId: team.project.accountId } })).toBe(1);
    expect(ok.location).toBe(`/projects/${team.project.id}`);
    expect((await c.get('/projects')).status).toBe(200);
    expect((await other.get('/projects')).status).toBe(303); // signed out elsewhere
    expect((await client().get(`/auth/password/${token}`)).status).toBe(410);
    expect((await client().signIn(team.users.read_only.email, 'a brand new password')).status).toBe(303);
    await h.prisma.user.update({
      where: { id: team.users.read_only.id },
      data: { passwordHash: (await h.prisma.user.findUniqueOrThrow({ where: { id: team.users.admin.id } })).passwordHash },
    });
  });

  test('set-password link of a person who sees several projects: the list to choose from', async () => {
    const first = await makeProject(h.prisma);
    await makeProject(h.prisma, { accountId: first.accountId });
    const user = await makeUser(h.prisma, first.accountId, 'member');
    const token = await issueUserToken(h.prisma, { userId: user.id, purpose: 'set_password', ttlMs: 3600_000, now: new Date() });
    const c = client();
    await c.get(`/auth/password/${token}`);
    const ok = await c.post(`/auth/password/${token}`, { password: 'a brand new password', confirm: 'a brand new password' });
    expect([ok.status, ok.location]).toEqual([303, '/projects']);
  });

  test('e-mailed sign-in link: the GET only asks, the POST signs in, once', async () => {
    const c = client();
    await c.get('/sign-in');
    const sent = smtp.mails.length;
    const res = await c.post('/sign-in/link', { email: team.users.member.email });
    expect(pageText(res.text)).toContain('Check your e-mail');
    const unknown = await c.post('/sign-in/link', { email: 'stranger@example.com' });
    expect(pageText(unknown.text)).toBe(pageText(res.text)); // no way to tell who has an account
    await eventually(() => smtp.mails.length > sent, 60_000, 'a mail');
    const mail = smtp.mails[smtp.mails.length - 1];
    expect(mail?.to).toEqual([team.users.member.email]);
    const link = /http:\/\/app\.test(\/auth\/link\/[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] as string;
    expect(link).toBeDefined();
    const ask = await c.get(link);
    expect(ask.status).toBe(200);
    expect(c.cookies.has('upmon_session')).toBe(false);
    const done = await c.post(link);
    expect(done.status).toBe(303);
    expect(c.cookies.has('upmon_session')).toBe(true);
    expect((await client().submit('/sign-in', link)).status).toBe(410);
  });

  test('password reset by e-mail', async () => {
    const c = client();
    const sent = smtp.mails.length;
    await c.submit('/reset-password', '/reset-password', { email: team.users.admin.email });
    await eventually(() => smtp.mails.length > sent, 60_000, 'a mail');
    const mail = smtp.mails[smtp.mails.length - 1];
    expect(mail?.subject).toBe('Reset your upmon password');
    const link = /http:\/\/app\.test(\/auth\/password\/[A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] as string;
    await c.get(link);
    expect((await c.post(link, { password: 'reset password 123', confirm: 'reset password 123' })).status).toBe(303);
    await h.prisma.user.update({
      where: { id: team.users.admin.id },
      data: { passwordHash: (await h.prisma.user.findUniqueOrThrow({ where: { id: team.users.owner.id } })).passwordHash },
    });
  });
});

describe('without SMTP', () => {
  test('the pages say e-mail is not configured', async () => {
    const bare = await startHarness({ APP_BASE_URL: 'https://app.example.com' });
    try {
      const c = new WebClient(bare.api.url);
      const page = await c.get('/sign-in');
      expect(pageText(page.text)).toContain('E-mail is not configured on this server');
      expect(page.text).not.toContain('action="/sign-in/link"');
      const res = await c.post('/sign-in/link', { email: 'x@example.com' });
      expect(res.status).toBe(503);
      // https base URL: Secure, __Host- cookies.
      expect(page.headers.getSetCookie().some((s) => s.startsWith('__Host-upmon_csrf=') && /Secure/.test(s))).toBe(true);
      expect(page.headers.get('strict-transport-security')).toMatch(/max-age=31536000/);
    } finally {
      await bare.close();
    }
  });
});
