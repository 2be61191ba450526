/**
 * Security keys as a second factor in a real browser (Debian's Chromium through playwright-core,
 * a CDP virtual authenticator): register a key on /me/two-factor, sign out, sign in with the
 * password then the key (which satisfies an account's 2FA requirement); an assertion signed by another private key under the same credential ID
 * is refused. No script errors or CSP violations.
 */
import { generateKeyPairSync } from 'node:crypto';
import { launchChromium } from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { makeTeam, TEST_PASSWORD } from '../support/web-users.js';
import type { Page } from 'playwright-core';

let h: BrowserApi;
let browser: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  h = await startBrowserApi({}, { host: 'localhost' });
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await h?.close();
});

async function passwordStep(page: Page, email: string): Promise<void> {
  await page.goto(`${h.base}/sign-in`);
  await page.getByLabel('E-mail').first().fill(email);
  await page.getByLabel('Password').fill(TEST_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/sign-in\/two-factor/);
}

test('register a security key, sign in with password then the key; a foreign assertion is refused', async () => {
  const team = await makeTeam(h.prisma);
  const email = team.users.owner.email;
  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = recordProblems(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'usb', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  await signIn(page, h.base, email);
  await page.goto(`${h.base}/me/two-factor`);
  await page.getByLabel('Name of the key').fill('Test key');
  await page.getByRole('button', { name: 'Add a security key' }).click();
  await page.getByText('Security key “Test key” added.').waitFor();
  // The first second factor comes with recovery codes.
  expect(((await page.locator('#recovery-codes').textContent()) ?? '').split('\n')).toHaveLength(10);
  const keys = await h.prisma.securityKey.findMany({ where: { user: { email } } });
  expect(keys.map((k) => k.name)).toEqual(['Test key']);

  // The owner's "require two-factor authentication" is satisfied by a key alone.
  await h.prisma.account.update({ where: { id: team.accountId }, data: { requireTwoFactor: true } });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/sign-in/);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a security key' }).click();
  await page.waitForURL(/\/projects/);
  await page.goto(`${h.base}/projects`);
  expect(new URL(page.url()).pathname).toBe('/projects');
  expect((await h.prisma.securityKey.findUniqueOrThrow({ where: { id: keys[0]!.id } })).lastUsedAt).not.toBeNull();
  expect(problems).toEqual([]);

  // Same credential ID, another private key (and a higher counter): the signature does not verify.
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  const real = credentials[0]!;
  await cdp.send('WebAuthn.clearCredentials', { authenticatorId });
  const foreignKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: { ...real, privateKey: foreignKey, signCount: real.signCount + 100 },
  });
  await page.getByRole('button', { name: 'Sign out' }).click();
  await page.waitForURL(/\/sign-in/);
  await passwordStep(page, email);
  await page.getByRole('button', { name: 'Use a security key' }).click();
  await page.getByText('The security key was not accepted').waitFor();
  expect(page.url()).toContain('/sign-in/two-factor');
  expect(await h.prisma.session.count({ where: { user: { email } } })).toBe(0);

  await context.close();
  const actions = await h.prisma.auditEvent.findMany({ where: { accountId: team.accountId }, select: { action: true } });
  expect(actions.map((a) => a.action)).toEqual(expect.arrayContaining(['two_factor.security_key_add', 'sign_in', 'sign_in.second_step_failed']));
  // The refused assertion's 401 page is the only thing the console reports.
  expect(problems).toEqual(['Failed to load resource: the server responded with a status of 401 (Unauthorized)']);
});
