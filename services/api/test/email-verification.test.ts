import { chromium, type Browser } from 'playwright-core';
import { sha256Hex } from '@upmon/crypto';
import { makeIntegration, makeProjectWithKeys, startSmtpCapture } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';
import { pageText } from './support/web-client.js';
import { makeTeam, signedInClients } from './support/web-users.js';

const APP = 'https://upmon.test';
const LINK = /https:\/\/upmon\.test\/email\/verify\/([A-Za-z0-9_-]{32})/;

let h: Harness;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let rw: string;
let now = new Date('2026-11-24T09:00:00Z');

beforeAll(async () => {
  smtp = await startSmtpCapture();
  h = await startHarness({ SMTP_URL: smtp.url, EMAIL_FROM: 'upmon <alerts@upmon.test>', APP_BASE_URL: APP }, { now: () => now });
  rw = (await makeProjectWithKeys(h.prisma, 'pro')).rwKey;
});
afterAll(async () => {
  await h?.close();
  await smtp?.close();
});
beforeEach(() => h.resetRateLimits());

/** The verification mail sent to `to` (the n-th one), with its token. */
async function mailTo(to: string, n = 0): Promise<{ text: string; token: string; subject: string }> {
  const deadline = Date.now() + 5000;
  for (;;) {
    const mail = smtp.mails.filter((m) => m.to.includes(to))[n];
    if (mail) {
      const token = LINK.exec(mail.text)?.[1];
      if (!token) throw new Error(`no link in: ${mail.text}`);
      return { text: mail.text, token, subject: mail.subject };
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
const mailsTo = (to: string) => smtp.mails.filter((m) => m.to.includes(to)).length;
const page = (token: string, method = 'GET') => fetch(`${h.api.url}/email/verify/${token}`, { method });
const createEmail = (email: string, name = 'on-call mail') =>
  h.call('POST', '/integrations', { key: rw, body: { kind: 'email', name, events: ['down', 'up'], config: { email } } });
const getIntegration = async (id: number) => (await h.call('GET', '/integrations', { key: rw })).body.data.find((i: { id: number }) => i.id === id);

describe('e-mail address verification', () => {
  it('mails a one-time link; the page asks for a click; the click verifies the address', async () => {
    const created = await createEmail('ops@example.com', 'Ops <b>night</b>');
    expect(created.status).toBe(201);
    expect(created.body.data.verified).toBe(false);
    const mail = await mailTo('ops@example.com');
    expect(mail.subject).toBe('Confirm your address for upmon alerts');
    expect(mail.text).toContain('from the integration "Ops <b>night</b>"');
    expect(mail.text).toContain('The link works once, until 2026-11-26 09:00 UTC.');
    // Only the token's SHA-256 is stored.
    const row = await h.prisma.integration.findUniqueOrThrow({ where: { id: created.body.data.id } });
    expect(row).toMatchObject({ emailVerifyTokenHash: sha256Hex(mail.token), emailVerifiedAt: null, emailVerifyExpiresAt: new Date('2026-11-26T09:00:00Z') });

    // Opening the link (or a mail scanner fetching it) verifies nothing by itself.
    const shown = await page(mail.token);
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(shown.headers.get('referrer-policy')).toBe('no-referrer');
    expect(shown.headers.get('cache-control')).toBe('no-store');
    const html = await shown.text();
    expect(html).toContain('<strong>ops@example.com</strong>');
    expect(html).toContain('Ops &lt;b&gt;night&lt;/b&gt;');
    expect(html).not.toContain('<b>night</b>');
    expect((await getIntegration(created.body.data.id)).verified).toBe(false);

    now = new Date('2026-11-24T10:00:00Z');
    const confirmed = await page(mail.token, 'POST');
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain('Address confirmed');
    expect((await getIntegration(created.body.data.id)).verified).toBe(true);
    expect(await h.prisma.integration.findUniqueOrThrow({ where: { id: created.body.data.id } })).toMatchObject({
      emailVerifiedAt: now,
      emailVerifyTokenHash: null,
      emailVerifyExpiresAt: null,
    });
    // The link works once.
    expect((await page(mail.token, 'POST')).status).toBe(404);
    expect((await page(mail.token)).status).toBe(404);
  });

  it('a link expires after 48 hours', async () => {
    now = new Date('2026-11-24T09:00:00Z');
    const created = await createEmail('late@example.com');
    const { token } = await mailTo('late@example.com');
    now = new Date('2026-11-26T09:00:00Z');
    const res = await page(token, 'POST');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('has expired');
    expect((await getIntegration(created.body.data.id)).verified).toBe(false);
  });

  it('a new address needs its own verification; the same unverified address gets a new link; nothing else mails', async () => {
    now = new Date('2026-11-24T12:00:00Z');
    const created = await createEmail('first@example.com');
    const id = created.body.data.id;
    const first = await mailTo('first@example.com');
    expect((await page(first.token, 'POST')).status).toBe(200);

    // Other fields, or the same verified address: still verified, no mail.
    expect((await h.call('PATCH', `/integrations/${id}`, { key: rw, body: { name: 'renamed' } })).body.data.verified).toBe(true);
    expect((await h.call('PATCH', `/integrations/${id}`, { key: rw, body: { config: { email: 'first@example.com' } } })).body.data.verified).toBe(true);
    expect(mailsTo('first@example.com')).toBe(1);

    // A new address: unverified at once (no alert goes there), a link to the new address.
    const moved = await h.call('PATCH', `/integrations/${id}`, { key: rw, body: { config: { email: 'second@example.com' } } });
    expect(moved.body.data.verified).toBe(false);
    const second = await mailTo('second@example.com');
    // The same unverified address again: a fresh link, the previous one stops working.
    await h.call('PATCH', `/integrations/${id}`, { key: rw, body: { config: { email: 'second@example.com' } } });
    const third = await mailTo('second@example.com', 1);
    expect(third.token).not.toBe(second.token);
    expect((await page(second.token, 'POST')).status).toBe(404);
    expect((await page(third.token, 'POST')).status).toBe(200);
    expect((await getIntegration(id)).verified).toBe(true);
  });

  it('other kinds need no verification mail; unknown or malformed tokens get the 404 page', async () => {
    const before = smtp.mails.length;
    const hook = await h.call('POST', '/integrations', {
      key: rw,
      body: { kind: 'webhook', name: 'w', events: ['down'], config: { url: 'https://e.example/h' } },
    });
    expect(hook.body.data.verified).toBe(true);
    for (const token of ['A'.repeat(32), 'short', `${'x'.repeat(31)}%3Cscript%3E`, 'y'.repeat(5000)]) {
      const res = await page(token);
      expect(res.status).toBe(404);
      expect(await res.text()).toContain('This link does not work');
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(smtp.mails.length).toBe(before);
  });

  it('mails at most 20 verification links an hour per account (429 before anything is written)', async () => {
    const { rwKey } = await makeProjectWithKeys(h.prisma, 'pro');
    for (let i = 0; i < 20; i++) {
      const res = await h.call('POST', '/integrations', {
        key: rwKey,
        body: { kind: 'email', name: `m${i}`, events: ['down'], config: { email: `m${i}@example.com` } },
      });
      expect(res.status).toBe(201);
    }
    const refused = await h.call('POST', '/integrations', {
      key: rwKey,
      body: { kind: 'email', name: 'one more', events: ['down'], config: { email: 'more@example.com' } },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(/^verification e-mail limit exceeded \(20 per hour per account\); retry in \d+ s$/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await h.prisma.integration.count({ where: { name: 'one more' } })).toBe(0);
    // Kinds that mail nothing are not limited by it.
    const hook = await h.call('POST', '/integrations', {
      key: rwKey,
      body: { kind: 'webhook', name: 'w', events: ['down'], config: { url: 'https://e.example/h' } },
    });
    expect(hook.status).toBe(201);
  });

  describe('in a browser', () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await chromium.launch({
        executablePath: '/usr/bin/chromium',
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
      });
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('works on a phone with the keyboard alone, and shows what users typed as text', async () => {
      now = new Date('2026-11-24T15:00:00Z');
      const created = await createEmail('phone@example.com', '<img src=x onerror="window.pwned=1">Pager');
      const { token } = await mailTo('phone@example.com');
      const context = await browser.newContext({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
      try {
        const tab = await context.newPage();
        await tab.goto(`${h.api.url}/email/verify/${token}`);
        expect(await tab.title()).toBe('Confirm alerts to this address · upmon');
        // Escaped: the name is text on the page, no element was made from it.
        expect(await tab.locator('main').innerText()).toContain('<img src=x onerror="window.pwned=1">Pager');
        expect(await tab.locator('main img').count()).toBe(0);
        expect(await tab.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
        // Fits the phone: no sideways scrolling, a button big enough to tap.
        expect(await tab.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        const box = await tab.getByRole('button', { name: 'Confirm and receive alerts' }).boundingBox();
        expect(box?.height).toBeGreaterThanOrEqual(44);
        // Keyboard: Tab reaches the button, Enter submits.
        await tab.keyboard.press('Tab');
        expect(await tab.evaluate(() => document.activeElement?.textContent)).toBe('Confirm and receive alerts');
        await Promise.all([tab.waitForURL(`**/email/verify/${token}`), tab.keyboard.press('Enter')]);
        await tab.getByRole('heading', { name: 'Address confirmed' }).waitFor();
        expect(await tab.locator('main').innerText()).toContain('phone@example.com now receives the alerts');
        expect((await getIntegration(created.body.data.id)).verified).toBe(true);
      } finally {
        await context.close();
      }
    });
  });
});

describe('e-mail verification in the web app', () => {
  it('shows whether the address is verified, sends the link again (the old one stops working), and not once verified', async () => {
    const team = await makeTeam(h.prisma);
    const as = await signedInClients(h.api.url, team);
    const base = `/projects/${team.project.id}/integrations`;
    await as.member.get(`${base}/new?kind=email`);
    const created = await as.member.post(`${base}/new?kind=email`, {
      name: 'web mail',
      enabled: '1',
      events: ['down', 'up'],
      'config.email': 'web@example.com',
      'quiet_hours.tz': 'UTC',
    });
    expect(created.status).toBe(303);
    const row = await h.prisma.integration.findFirstOrThrow({ where: { projectId: team.project.id, name: 'web mail' } });
    const first = await mailTo('web@example.com');

    expect(pageText((await as.read_only.get(base)).text)).toContain('address not verified yet');
    const readOnlyView = await as.read_only.get(`${base}/${row.id}`);
    expect(pageText(readOnlyView.text)).toContain('The address is not verified yet');
    expect(readOnlyView.text).not.toContain(`${base}/${row.id}/verification`);
    await as.member.get(`${base}/${row.id}`);
    const again = await as.member.post(`${base}/${row.id}/verification`, {});
    expect([again.status, again.location]).toEqual([303, `${base}/${row.id}?done=verification`]);
    const second = await mailTo('web@example.com', 1);
    expect(second.token).not.toBe(first.token);
    expect(await (await page(first.token, 'POST')).text()).not.toContain('Address confirmed');
    expect(await (await page(second.token, 'POST')).text()).toContain('Address confirmed');

    const verified = await as.member.get(`${base}/${row.id}`);
    expect(pageText(verified.text)).toContain('The address is verified.');
    expect(pageText((await as.member.get(base)).text)).not.toContain('address not verified yet');
    const refused = await as.member.post(`${base}/${row.id}/verification`, {});
    expect(refused.status).toBe(409);
    expect(pageText(refused.text)).toContain('this address is already verified');
    expect(mailsTo('web@example.com')).toBe(2);
    // Read-only users may not ask for mail.
    await as.read_only.get(`${base}/${row.id}`);
    expect((await as.read_only.post(`${base}/${row.id}/verification`, {})).status).toBe(403);
  });

  it("a Telegram link made in the web app expires like the API's", async () => {
    const team = await makeTeam(h.prisma);
    const as = await signedInClients(h.api.url, team);
    const tg = await makeIntegration(h.prisma, team.project.id, 'telegram', {}, { name: 'tg', events: ['down'] });
    const base = `/projects/${team.project.id}/integrations/${tg.id}`;
    await as.member.get(base);
    const res = await as.member.post(`${base}/telegram-link`, {});
    expect(res.status).toBe(200);
    const after = await h.prisma.integration.findUniqueOrThrow({ where: { id: tg.id } });
    expect(after.telegramLinkTokenHash).not.toBeNull();
    expect(after.telegramLinkTokenExpiresAt).toEqual(new Date(now.getTime() + 24 * 3_600_000));
  });
});
