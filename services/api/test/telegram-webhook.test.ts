import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeIntegration, makeProjectWithKeys } from '@upmon/testing';
import { startHarness, type Harness } from './support/api-harness.js';

/** Stands in for the Bot API: records sendMessage calls. */
async function startBotApi() {
  const calls: { path: string; body: any }[] = [];
  const server = http.createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      calls.push({ path: req.url ?? '', body: JSON.parse(data || '{}') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"ok":true,"result":{}}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

const SECRET = 'tg-webhook-secret_1';
let h: Harness;
let bot: Awaited<ReturnType<typeof startBotApi>>;
let rw: string;
let ro: string;
let projectId: string;
/** The API's clock: real time plus `skewMs`, so a test can step past a link's expiry. */
let skewMs = 0;
const HOUR = 3_600_000;

beforeAll(async () => {
  bot = await startBotApi();
  h = await startHarness(
    { TELEGRAM_WEBHOOK_SECRET: SECRET, TELEGRAM_BOT_TOKEN: '999:test-token', TELEGRAM_API_BASE: bot.url },
    { now: () => new Date(Date.now() + skewMs) },
  );
  const p = await makeProjectWithKeys(h.prisma, 'pro');
  rw = p.rwKey;
  ro = p.roKey;
  projectId = p.project.id;
});
afterEach(() => {
  skewMs = 0;
});
afterAll(async () => {
  await h?.close();
  await bot?.close();
});

function postUpdate(update: unknown, secret: string | null = SECRET, baseUrl = h.api.url) {
  return fetch(`${baseUrl}/telegram/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(secret === null ? {} : { 'x-telegram-bot-api-secret-token': secret }) },
    body: JSON.stringify(update),
  });
}
const startMessage = (text: string, chatId: number) => ({ update_id: 1, message: { message_id: 1, text, chat: { id: chatId, type: 'private' } } });

async function createTelegramIntegration(name: string) {
  const res = await h.call('POST', '/integrations', { key: rw, body: { kind: 'telegram', name, events: ['down', 'up'] } });
  expect(res.status).toBe(201);
  const link = new URL(res.body.telegram_deep_link);
  return { id: res.body.data.id as number, token: link.searchParams.get('start') as string };
}

describe('Telegram bot webhook', () => {
  it('links the chat of /start <token>, answers in it, and the token works once', async () => {
    const { id, token } = await createTelegramIntegration('On-call phone');
    const res = await postUpdate(startMessage(`/start ${token}`, 4242));
    expect(res.status).toBe(200);
    const row = await h.prisma.integration.findUniqueOrThrow({ where: { id } });
    expect(row.telegramChatId).toBe('4242');
    expect(row.telegramLinkTokenHash).toBeNull();
    expect(row.telegramLinkedAt).not.toBeNull();
    expect(bot.calls.at(-1)).toEqual({
      path: '/bot999:test-token/sendMessage',
      body: { chat_id: '4242', text: expect.stringContaining('"On-call phone"'), disable_web_page_preview: true },
    });

    // Someone else replays the same link: refused, the first chat stays linked.
    const again = await postUpdate(startMessage(`/start ${token}`, 777));
    expect(again.status).toBe(200);
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id } })).telegramChatId).toBe('4242');
    expect(bot.calls.at(-1)?.body).toMatchObject({ chat_id: '777', text: expect.stringContaining('has already been used') });
  });

  it('accepts /start@bot <token> from a group chat', async () => {
    const { id, token } = await createTelegramIntegration('Team group');
    expect((await postUpdate(startMessage(`/start@upmon_test_bot ${token}`, -1001234567890))).status).toBe(200);
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id } })).telegramChatId).toBe('-1001234567890');
  });

  it('links one chat when the same token arrives twice at once', async () => {
    const { id, token } = await createTelegramIntegration('Race');
    await Promise.all([postUpdate(startMessage(`/start ${token}`, 1)), postUpdate(startMessage(`/start ${token}`, 2))]);
    const chat = (await h.prisma.integration.findUniqueOrThrow({ where: { id } })).telegramChatId;
    expect(['1', '2']).toContain(chat);
    const answers = bot.calls.slice(-2).map((c) => c.body.text as string);
    expect(answers.filter((t) => t.startsWith('Linked!'))).toHaveLength(1);
  });

  it('answers a bare /start with help and ignores other updates', async () => {
    const before = bot.calls.length;
    expect((await postUpdate(startMessage('/start', 55))).status).toBe(200);
    expect(bot.calls.at(-1)?.body).toMatchObject({ chat_id: '55', text: expect.stringContaining('open the link') });
    expect((await postUpdate(startMessage('hello bot', 55))).status).toBe(200);
    expect((await postUpdate({ update_id: 9, edited_message: {} })).status).toBe(200);
    expect(bot.calls.length).toBe(before + 1);
  });

  it('refuses requests without the right secret token and links nothing', async () => {
    const { id, token } = await createTelegramIntegration('Guarded');
    for (const secret of [null, 'wrong', `${SECRET}x`, '']) {
      const res = await postUpdate(startMessage(`/start ${token}`, 31337), secret);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: 'invalid secret token' });
    }
    const row = await h.prisma.integration.findUniqueOrThrow({ where: { id } });
    expect(row.telegramChatId).toBeNull();
    expect(row.telegramLinkTokenHash).not.toBeNull();
  });

  it('a link works for 24 hours after it was issued, not longer', async () => {
    const fresh = await createTelegramIntegration('Fresh');
    const stale = await createTelegramIntegration('Stale');
    skewMs = 24 * HOUR - 60_000;
    await postUpdate(startMessage(`/start ${fresh.token}`, 101));
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id: fresh.id } })).telegramChatId).toBe('101');
    skewMs = 24 * HOUR + 1_000;
    await postUpdate(startMessage(`/start ${stale.token}`, 102));
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id: stale.id } })).telegramChatId).toBeNull();
    expect(bot.calls.at(-1)?.body).toMatchObject({ chat_id: '102', text: expect.stringContaining('has expired') });
  });

  it('POST /integrations/{id}/telegram-link issues a new link; the old one stops working', async () => {
    const first = await createTelegramIntegration('Renewed');
    skewMs = 30 * HOUR;
    const res = await h.call('POST', `/integrations/${first.id}/telegram-link`, { key: rw });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: first.id, kind: 'telegram', name: 'Renewed' });
    const link = new URL(res.body.telegram_deep_link);
    expect(`${link.origin}${link.pathname}`).toBe('https://t.example/upmon_test_bot');
    const token = link.searchParams.get('start') as string;
    expect(token).not.toBe(first.token);

    await postUpdate(startMessage(`/start ${first.token}`, 201));
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id: first.id } })).telegramChatId).toBeNull();
    await postUpdate(startMessage(`/start ${token}`, 202));
    expect((await h.prisma.integration.findUniqueOrThrow({ where: { id: first.id } })).telegramChatId).toBe('202');
  });

  it('a new link: read-write keys only, telegram integrations only, own project only', async () => {
    const { id } = await createTelegramIntegration('Mine');
    expect((await h.call('POST', `/integrations/${id}/telegram-link`, { key: ro })).status).toBe(403);
    const hook = await makeIntegration(h.prisma, projectId, 'webhook', { url: 'https://hooks.example/x' });
    const wrongKind = await h.call('POST', `/integrations/${hook.id}/telegram-link`, { key: rw });
    expect(wrongKind.status).toBe(409);
    expect(wrongKind.body.message).toMatch(/only telegram integrations/);
    const stranger = await makeProjectWithKeys(h.prisma, 'pro');
    expect((await h.call('POST', `/integrations/${id}/telegram-link`, { key: stranger.rwKey })).status).toBe(404);
    expect((await h.call('POST', '/integrations/999999/telegram-link', { key: rw })).status).toBe(404);
  });

  it('is off (404) when no webhook secret is configured', async () => {
    const other = await startHarness({ TELEGRAM_BOT_TOKEN: '999:test-token', TELEGRAM_API_BASE: bot.url });
    try {
      const res = await postUpdate(startMessage('/start whatever', 1), SECRET, other.api.url);
      expect(res.status).toBe(404);
    } finally {
      await other.close();
    }
  });
});
