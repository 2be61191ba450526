import { sha256Hex } from '@upmon/crypto';
import { eventually, makeCheck, PATIENCE_MS, startSmtpCapture } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';
import { pageText, WebClient } from './support/web-client.js';
import { makeTeam, makeUser, signedInClients, TEST_PASSWORD } from './support/web-users.js';

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let team: Awaited<ReturnType<typeof makeTeam>>;
let as: Record<string, WebClient>;

beforeAll(async () => {
  // A mailbox the server refuses: the invitation whose e-mail cannot be sent.
  smtp = await startSmtpCapture({
    onRcptTo(address, _session, callback) {
      callback(address.address.endsWith('@bounce.example') ? Object.assign(new Error('no such mailbox'), { responseCode: 550 }) : undefined);
    },
  });
  h = await startHarness({ SMTP_URL: smtp.url, APP_BASE_URL: 'http://app.test' });
  team = await makeTeam(h.prisma, 'free');
  as = await signedInClients(h.api.url, team);
});
afterAll(async () => {
  await h.close();
  await smtp.close();
});
beforeEach(async () => {
  await h.resetRateLimits();
});

const accountPage = () => `/accounts/${team.accountId}`;

const lastMailTo = (to: string) => eventually(() => [...smtp.mails].reverse().find((x) => x.to.includes(to)), PATIENCE_MS, `a mail to ${to}`);

describe('account page', () => {
  test('plan and usage: checks used of the plan’s quota', async () => {
    await makeCheck(h.prisma, team.project.id);
    await makeCheck(h.prisma, team.project.id);
    const page = await as.read_only!.get(accountPage());
    expect(page.status).toBe(200);
    const text = pageText(page.text);
    expect(text).toContain('free · REST API not included');
    expect(text).toMatch(/2 of 20 used/);
    expect(text).toContain(team.users.member.email);
    expect(page.text).not.toContain('Invite someone');
  });

  test('roles are changed by owners and admins; admins cannot touch owners; the last owner stays', async () => {
    await as.admin!.get(accountPage());
    expect((await as.admin!.post(`${accountPage()}/members/${team.users.read_only.id}/role`, { role: 'member' })).status).toBe(303);
    expect(
      (await h.prisma.membership.findUniqueOrThrow({ where: { accountId_userId: { accountId: team.accountId, userId: team.users.read_only.id } } })).role,
    ).toBe('member');
    expect((await as.admin!.post(`${accountPage()}/members/${team.users.read_only.id}/role`, { role: 'owner' })).status).toBe(403);
    expect((await as.admin!.post(`${accountPage()}/members/${team.users.owner.id}/role`, { role: 'member' })).status).toBe(403);
    expect((await as.admin!.post(`${accountPage()}/members/${team.users.owner.id}/remove`)).status).toBe(403);
    await as.owner!.get(accountPage());
    const last = await as.owner!.post(`${accountPage()}/members/${team.users.owner.id}/role`, { role: 'admin' });
    expect(last.status).toBe(409);
    expect(pageText(last.text)).toContain('An account needs at least one owner');
    // Read-only users (the member just changed back) cannot change anything.
    await as.owner!.post(`${accountPage()}/members/${team.users.read_only.id}/role`, { role: 'read_only' });
    await as.read_only!.get(accountPage());
    expect((await as.read_only!.post(`${accountPage()}/members/${team.users.member.id}/role`, { role: 'admin' })).status).toBe(403);
    expect((await as.member!.post(`${accountPage()}/members/${team.users.read_only.id}/remove`)).status).toBe(403);
  });

  test('two owners demoting or removing each other at the same moment: one succeeds, the account keeps an owner', async () => {
    const other = await makeTeam(h.prisma, 'free');
    const second = await makeUser(h.prisma, other.accountId, 'owner');
    const owners = [other.users.owner, second];
    const clients = await Promise.all(
      owners.map(async (u) => {
        const c = new WebClient(h.api.url);
        await c.signIn(u.email, TEST_PASSWORD);
        await c.get(`/accounts/${other.accountId}`);
        return c;
      }),
    );
    const page = `/accounts/${other.accountId}`;
    const ownerCount = () => h.prisma.membership.count({ where: { accountId: other.accountId, role: 'owner' } });
    for (let round = 0; round < 12; round++) {
      const remove = round % 3 === 2;
      const answers = await Promise.all(
        clients.map((c, i) => {
          const target = owners[1 - i]!.id;
          return remove ? c.post(`${page}/members/${target}/remove`) : c.post(`${page}/members/${target}/role`, { role: 'admin' });
        }),
      );
      expect({ round, owners: await ownerCount() }).toEqual({ round, owners: 1 });
      // The second, seeing the first's change under the lock: the last owner (409), no longer an
      // owner itself (403), or no longer in the account (404).
      const [done, refused] = [...answers].sort((x, y) => x.status - y.status);
      expect(done!.status).toBe(303);
      expect([409, 403, 404]).toContain(refused!.status);
      // Both owners again for the next round.
      for (const u of owners)
        await h.prisma.membership.upsert({
          where: { accountId_userId: { accountId: other.accountId, userId: u.id } },
          create: { accountId: other.accountId, userId: u.id, role: 'owner' },
          update: { role: 'owner' },
        });
    }
  });

  test('another account’s page is a 404', async () => {
    const other = await h.prisma.account.create({ data: { name: 'other' } });
    expect((await as.owner!.get(`/accounts/${other.id}`)).status).toBe(404);
  });
});

describe('invitations', () => {
  /** Where accepting an invitation to the team's account lands: its only project, or the list when it has several. */
  const invitedLanding = async () => {
    const projects = await h.prisma.project.findMany({ where: { accountId: team.accountId }, select: { id: true } });
    return projects.length === 1 ? `/projects/${projects[0]!.id}` : '/projects';
  };

  test('an e-mailed invitation with a role: a new person joins with a name and password', async () => {
    await as.admin!.get(accountPage());
    const res = await as.admin!.post(`${accountPage()}/invitations`, { email: 'New.Person@Example.com', role: 'read_only' });
    expect(res.location).toBe(`${accountPage()}?done=invited`);
    const mail = await lastMailTo('new.person@example.com');
    const link = /http:\/\/app\.test(\/invitations\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1] as string;
    expect(mail.subject).toContain('invited you to');
    const c = new WebClient(h.api.url);
    const form = await c.get(link);
    expect(pageText(form.text)).toContain('You are invited as Read-only');
    const bad = await c.post(link, { name: 'New Person', password: 'short' });
    expect(bad.status).toBe(422);
    const ok = await c.post(link, { name: 'New Person', password: 'a long new password' });
    // The invited account's project when it has one, else the list.
    expect(ok.location).toBe(await invitedLanding());
    const user = await h.prisma.user.findUniqueOrThrow({ where: { email: 'new.person@example.com' } });
    const m = await h.prisma.membership.findUniqueOrThrow({ where: { accountId_userId: { accountId: team.accountId, userId: user.id } } });
    expect(m.role).toBe('read_only');
    expect(pageText((await c.get('/projects')).text)).toContain(team.project.name);
    expect((await new WebClient(h.api.url).get(link)).status).toBe(404); // used
  });

  test('an invitation whose e-mail cannot be sent: its link is shown once to who made it, to pass on by hand', async () => {
    await as.admin!.get(accountPage());
    const res = await as.admin!.post(`${accountPage()}/invitations`, { email: 'nobody@bounce.example', role: 'member' });
    expect(res.status).toBe(201);
    expect(res.text).toContain('<strong>The invitation is made, but its e-mail could not be sent</strong>, so send this link yourself');
    const link = /<code id="invite-link">http:\/\/app\.test(\/invitations\/[A-Za-z0-9_-]+)<\/code>/.exec(res.text)?.[1] as string;
    expect(pageText((await new WebClient(h.api.url).get(link)).text)).toContain('You are invited as Member');
    // Once: the account page does not show it again.
    expect((await as.admin!.get(accountPage())).text).not.toContain('id="invite-link"');
  });

  test('an existing user signs in first, then joins', async () => {
    const otherAccount = await h.prisma.account.create({ data: { name: 'Elsewhere' } });
    const existing = await makeUser(h.prisma, otherAccount.id, 'owner');
    await as.owner!.get(accountPage());
    await as.owner!.post(`${accountPage()}/invitations`, { email: existing.email, role: 'admin' });
    const link = /http:\/\/app\.test(\/invitations\/[A-Za-z0-9_-]+)/.exec((await lastMailTo(existing.email)).text)?.[1] as string;
    const c = new WebClient(h.api.url);
    const first = await c.get(link);
    expect(first.location).toBe(`/sign-in?next=${encodeURIComponent(link)}`);
    expect((await c.signIn(existing.email, TEST_PASSWORD, link)).location).toBe(link);
    await c.get(link);
    expect((await c.post(link)).location).toBe(await invitedLanding());
    expect((await h.prisma.membership.findUniqueOrThrow({ where: { accountId_userId: { accountId: team.accountId, userId: existing.id } } })).role).toBe(
      'admin',
    );
  });

  test('members and read-only users cannot invite; admins cannot invite owners; revoke', async () => {
    await as.member!.get(accountPage());
    expect((await as.member!.post(`${accountPage()}/invitations`, { email: 'x@example.com', role: 'member' })).status).toBe(403);
    await as.admin!.get(accountPage());
    const owner = await as.admin!.post(`${accountPage()}/invitations`, { email: 'boss@example.com', role: 'owner' });
    expect(owner.status).toBe(422);
    await as.admin!.post(`${accountPage()}/invitations`, { email: 'gone@example.com', role: 'member' });
    const inv = await h.prisma.invitation.findFirstOrThrow({ where: { email: 'gone@example.com' } });
    await as.admin!.post(`${accountPage()}/invitations/${inv.id}/revoke`);
    expect(await h.prisma.invitation.findUnique({ where: { id: inv.id } })).toBeNull();
  });
});

describe('sign-up', () => {
  const signUp = (c: WebClient, email: string, name = 'Sam Solo') =>
    c.submit('/sign-up', '/sign-up', { name, email, password: 'sam long password', account: `${name} Co` });
  const linkIn = (text: string) => (/\/sign-up\/confirm\/[A-Za-z0-9_-]+/.exec(text) ?? [''])[0];
  /** The page without what differs per request (the CSRF token). */
  const answer = (r: { status: number; text: string }) => ({ status: r.status, text: r.text.replace(/name="_csrf" value="[^"]*"/g, '') });

  test('a new address gets a mailed link; only opening it creates the account on the free plan, its owner and a first project, signed in', async () => {
    const c = new WebClient(h.api.url);
    const res = await signUp(c, 'sam@example.com');
    expect(res.status).toBe(200);
    expect(pageText(res.text)).toContain('We sent an e-mail to that address');
    // Nothing usable yet: no user, no session.
    expect(await h.prisma.user.findUnique({ where: { email: 'sam@example.com' } })).toBeNull();
    expect((await c.get('/projects')).status).toBe(303);

    const mail = await lastMailTo('sam@example.com');
    expect(mail.subject).toBe('Confirm your upmon account');
    const link = linkIn(mail.text);
    expect(mail.text).toContain(`http://app.test${link}`);
    const confirm = await c.get(link);
    expect(confirm.status).toBe(200);
    expect(pageText(confirm.text)).toMatch(/Create the upmon account of sam@example\.com ?\?/);
    expect(await h.prisma.user.findUnique({ where: { email: 'sam@example.com' } })).toBeNull();

    const done = await c.post(link);
    expect(done.status).toBe(303);
    const user = await h.prisma.user.findUniqueOrThrow({
      where: { email: 'sam@example.com' },
      include: { memberships: { include: { account: { include: { projects: true } } } } },
    });
    const m = user.memberships[0]!;
    expect(m.role).toBe('owner');
    expect(m.account).toMatchObject({ name: 'Sam Solo Co', plan: 'free' });
    expect(done.location).toBe(`/projects/${m.account.projects[0]!.id}`);
    expect((await c.get(done.location as string)).status).toBe(200);
    // The link works once; the password chosen at sign-up signs in.
    const other = new WebClient(h.api.url);
    expect((await other.get(link)).status).toBe(410);
    expect((await other.submit('/sign-up', link)).status).toBe(410);
    expect((await other.signIn('sam@example.com', 'sam long password')).status).toBe(303);
  });

  test('a taken address answers exactly like a new one and mails the existing owner instead; timing of the same order', async () => {
    const taken = team.users.member.email;
    const times: { taken: number[]; fresh: number[] } = { taken: [], fresh: [] };
    const answers: { status: number; text: string }[] = [];
    // Five of each, alternating, compared by their medians: one answer slowed by a busy machine moves neither.
    for (let i = 0; i < 5; i++) {
      for (const which of ['taken', 'fresh'] as const) {
        await h.resetRateLimits();
        const c = new WebClient(h.api.url);
        await c.get('/sign-up');
        const t0 = performance.now();
        const res = await c.post('/sign-up', {
          name: 'Mallory',
          email: which === 'taken' ? taken.toUpperCase() : `fresh${i}@example.com`,
          password: 'mallory password',
          account: '',
        });
        times[which].push(performance.now() - t0);
        answers.push(answer(res));
        expect((await c.get('/projects')).status).toBe(303);
      }
    }
    expect(answers.every((a) => JSON.stringify(a) === JSON.stringify(answers[0]))).toBe(true);
    const mail = await lastMailTo(taken);
    expect(mail.subject).toBe('Someone tried to sign up with your address on upmon');
    expect(mail.text).toContain('Sign in, or reset your password');
    expect(mail.text).toContain('http://app.test/reset-password');
    expect(linkIn(mail.text)).toBe('');
    expect(await h.prisma.user.count({ where: { email: taken } })).toBe(1);
    expect(await h.prisma.user.count({ where: { name: 'Mallory' } })).toBe(0);
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2]!;
    const ratio = median(times.taken) / median(times.fresh);
    expect(ratio).toBeGreaterThan(0.2);
    expect(ratio).toBeLessThan(5);
  });

  test('an unconfirmed sign-up squats nothing: the address’s owner signs up with their own link and password', async () => {
    const squatter = new WebClient(h.api.url);
    await signUp(squatter, 'victim@example.com', 'Squatter');
    const squatLink = linkIn((await lastMailTo('victim@example.com')).text);
    smtp.mails.length = 0;
    const victim = new WebClient(h.api.url);
    await h.resetRateLimits();
    expect((await signUp(victim, 'victim@example.com', 'Victor')).status).toBe(200);
    const link = linkIn((await lastMailTo('victim@example.com')).text);
    expect(link).not.toBe(squatLink);
    await victim.get(link);
    expect((await victim.post(link)).status).toBe(303);
    expect(await h.prisma.user.findUniqueOrThrow({ where: { email: 'victim@example.com' } })).toMatchObject({ name: 'Victor' });
    // The squatter's link (only its mailbox had it) no longer creates anything.
    await squatter.get(squatLink);
    expect((await squatter.post(squatLink)).status).toBe(409);
    expect((await squatter.get('/projects')).status).toBe(303);
  });

  test('without e-mail (no SMTP) sign-up is closed', async () => {
    const noMail = await startHarness({});
    try {
      const c = new WebClient(noMail.api.url);
      expect((await c.get('/sign-up')).status).toBe(404);
      expect(await c.get('/sign-in').then((r) => r.text)).not.toContain('/sign-up');
    } finally {
      await noMail.close();
    }
  });

  test('REGISTRATION_OPEN=false switches it off', async () => {
    const closed = await startHarness({ REGISTRATION_OPEN: 'false' });
    try {
      const c = new WebClient(closed.api.url);
      expect((await c.get('/sign-up')).status).toBe(404);
      expect(await c.get('/sign-in').then((r) => r.text)).not.toContain('/sign-up');
      expect((await c.post('/sign-up', { name: 'x', email: 'x@example.com', password: 'xxxxxxxxxxxx' })).status).toBe(404);
    } finally {
      await closed.close();
    }
  });
});

describe('sign out everywhere and password change', () => {
  test('ends every session of the user', async () => {
    const a = new WebClient(h.api.url);
    const b = new WebClient(h.api.url);
    await a.signIn(team.users.member.email, TEST_PASSWORD);
    await b.signIn(team.users.member.email, TEST_PASSWORD);
    await a.get('/me');
    expect((await a.post('/me/sign-out-everywhere')).location).toBe('/sign-in');
    expect((await b.get('/projects')).status).toBe(303);
    expect((await a.get('/projects')).status).toBe(303);
    expect(await h.prisma.session.count({ where: { userId: team.users.member.id } })).toBe(0);
    await as.member!.signIn(team.users.member.email, TEST_PASSWORD);
  });

  test('changing the password needs the current one and signs out other browsers', async () => {
    const user = await makeUser(h.prisma, team.accountId, 'member');
    const a = new WebClient(h.api.url);
    const b = new WebClient(h.api.url);
    await a.signIn(user.email, TEST_PASSWORD);
    await b.signIn(user.email, TEST_PASSWORD);
    await a.get('/me');
    const wrong = await a.post('/me/password', { current: 'not it at all', password: 'a different password' });
    expect(wrong.status).toBe(422);
    expect(pageText(wrong.text)).toContain('is not your current password');
    expect((await a.post('/me/password', { current: TEST_PASSWORD, password: 'a different password' })).location).toBe('/me?done=password');
    expect((await a.get('/projects')).status).toBe(200);
    expect((await b.get('/projects')).status).toBe(303);
    const session = a.cookies.get('upmon_session') as string;
    expect(await h.prisma.session.findUnique({ where: { tokenHash: sha256Hex(session) } })).not.toBeNull();
  });
});
