/**
 * Every newer channel kind in a real browser (Debian's Chromium through playwright-core): its form
 * rendered from the kind's field descriptors, filled in by label, saved, and "Send a test
 * notification" delivered through the built notifier (a process of its own, `pnpm build` first)
 * to a local server standing in for the provider; the Pushover form with the keyboard at phone
 * width. No script errors or CSP violations.
 */
import { AAD, createCipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import {
  launchChromium,
  makeProject,
  startRecordingServer,
  startService,
  TEST_ENCRYPTION_KEY,
  type RecordingServer,
  type ServiceProcess,
} from '@upmon/testing';
import { startBrowserApi, type BrowserApi } from '../support/browser-api.js';
import { recordProblems, signIn } from '../support/browser-page.js';
import { makeUser } from '../support/web-users.js';

let h: BrowserApi;
let prisma: PrismaClient;
let notifier: ServiceProcess;
let provider: RecordingServer;
let browser: Awaited<ReturnType<typeof launchChromium>>;
let projectId: string;
let email: string;

beforeAll(async () => {
  h = await startBrowserApi();
  prisma = h.prisma;
  provider = await startRecordingServer();
  const url = provider.url;
  notifier = await startService('notifier', {
    ...h.env,
    OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8',
    OPSGENIE_API_URL: `${url}/opsgenie`,
    OPSGENIE_EU_API_URL: `${url}/opsgenie-eu`,
    VICTOROPS_REST_URL: `${url}/victorops`,
    PUSHOVER_API_URL: `${url}/pushover`,
  });
  const project = await makeProject(prisma, { plan: 'pro' });
  projectId = project.id;
  email = (await makeUser(prisma, project.accountId, 'owner', 'owner@kinds.example.com')).email;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await notifier?.stop();
  await provider?.close();
  await h?.close();
});

/** Per kind: its label on the "Add integration" page, the fields to fill by label, and where its test notification arrives. */
const KINDS = (url: string): [string, Record<string, string>, string][] => [
  ['Microsoft Teams', { 'Workflow webhook URL': `${url}/teams/workflow?sig=s` }, '/teams/workflow'],
  ['Google Chat', { 'Space webhook URL': `${url}/gchat/v1/spaces/A/messages?key=k&token=t` }, '/gchat/v1/spaces/A/messages'],
  ['Rocket.Chat', { 'Incoming webhook URL': `${url}/rocket/hooks/1/abc` }, '/rocket/hooks/1/abc'],
  [
    'Zulip',
    { 'Zulip server URL': `${url}/zulip`, 'Bot e-mail address': 'bot@example.org', 'Bot API key': 'k3y', 'Stream (channel)': 'ops' },
    '/zulip/api/v1/messages',
  ],
  ['Matrix', { 'Homeserver URL': `${url}/matrix`, 'Room ID': '!AbC:example.org', 'Access token': 'syt_t' }, '/matrix/_matrix/client/v3/rooms/'],
  ['Opsgenie', { 'API key': '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' }, '/opsgenie/v2/alerts/'],
  ['Splunk On-Call (VictorOps)', { 'REST endpoint API key': 'vo-key', 'Routing key': 'ops' }, '/victorops/vo-key/ops'],
  ['Pushover', { 'User or group key': 'u'.repeat(30), 'Application API token': 'a'.repeat(30) }, '/pushover/messages.json'],
  ['ntfy', { 'Server URL': `${url}/ntfy`, Topic: 'ops' }, '/ntfy/'],
  ['Gotify', { 'Server URL': `${url}/gotify`, 'Application token': 'tok' }, '/gotify/message'],
];

test('each newer kind: added through its own form, and a test notification reaches the provider', async () => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, h.base, email);
  for (const [label, fields, path] of KINDS(provider.url)) {
    await page.goto(`${h.base}/projects/${projectId}/integrations/new`);
    await page.getByRole('link', { name: label, exact: true }).click();
    await page.getByLabel('Name').fill(`${label} e2e`);
    for (const [field, value] of Object.entries(fields)) await page.getByLabel(field).fill(value);
    await page.getByRole('button', { name: 'Add integration' }).click();
    await page.waitForURL(/\/integrations\/\d+\?done=created/);
    await page.getByRole('button', { name: 'Send a test notification' }).click();
    await page.locator('[data-outcome]', { hasText: 'delivered' }).waitFor({ timeout: 30_000 });
    expect([label, await page.locator('[data-outcome]').textContent()]).toEqual([label, '✓ delivered (HTTP 200)']);
    expect([label, provider.requests.some((r) => r.path.startsWith(path))]).toEqual([label, true]);
  }
  expect(problems).toEqual([]);
  await context.close();
});

test('at phone width, with the keyboard: the Pushover form, emergency priority chosen from its select', async () => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const problems = recordProblems(page);
  await signIn(page, h.base, email);
  await page.goto(`${h.base}/projects/${projectId}/integrations/new?kind=pushover`);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.getByLabel('Name').fill('phone pushover');
  await page.getByLabel('User or group key').fill('u'.repeat(30));
  await page.getByLabel('Application API token').fill('a'.repeat(30));
  // From the token field, Tab reaches the priority select; End picks its last choice, Emergency.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => (document.activeElement as HTMLSelectElement | null)?.name)).toBe('config.priority_down');
  await page.keyboard.press('End');
  await page.keyboard.press('Tab');
  await page.keyboard.type('120');
  await page.getByRole('button', { name: 'Add integration' }).press('Enter');
  await page.waitForURL(/\/integrations\/\d+\?done=created/);
  const row = await prisma.integration.findFirstOrThrow({ where: { projectId, name: 'phone pushover' } });
  expect(createCipher(TEST_ENCRYPTION_KEY).decryptJson(row.config, AAD.integrationConfig(row.id))).toMatchObject({ priority_down: 2, retry_sec: 120 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  expect(problems).toEqual([]);
  await context.close();
});
