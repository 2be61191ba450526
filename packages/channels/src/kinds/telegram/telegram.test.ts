import { jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/**
 * Bot API: POST /bot<token>/sendMessage, JSON `chat_id`, `text` (1..4096); 200 `{ok: true}`;
 * 400/403 `{ok: false, error_code, description}`; 429 with `parameters.retry_after` (seconds).
 */
describe('telegram', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/telegram', {
      problems: (req) => {
        const b = JSON.parse(req.body);
        return [
          ...(req.path === '/telegram/bot12345:bot-token-secret/sendMessage' ? [] : ['Not Found']),
          ...(typeof b.chat_id === 'string' || typeof b.chat_id === 'number' ? [] : ['Bad Request: chat not found']),
          ...(typeof b.text === 'string' && b.text.length >= 1 && b.text.length <= 4096 ? [] : ['Bad Request: message is too long']),
        ];
      },
      accept: () => ({ body: JSON.stringify({ ok: true, result: { message_id: 1 } }) }),
      reject: (_req, p) => ({ status: 400, body: JSON.stringify({ ok: false, error_code: 400, description: p.join('; ') }) }),
    });
  });
  afterAll(() => kit.close());

  it('sends the plain text to the linked chat', async () => {
    for (const n of Object.values(samples)) await kit.send('telegram', {}, n, { telegramChatId: '-100777' });
    expect(jsonOf(kit.requestsTo('/telegram')[0])).toEqual({ chat_id: '-100777', text: samples.down.text, disable_web_page_preview: true });
    expect(kit.problems).toEqual([]);
  });

  it('refuses an unlinked chat, and honours retry_after without putting the bot token in the message', async () => {
    await expect(kit.send('telegram', {}, samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      message: expect.stringContaining('no Telegram chat is linked'),
    });
    kit.serve('/telegram', {
      problems: () => ['flood'],
      accept: () => ({}),
      reject: (req) => ({
        status: 429,
        body: JSON.stringify({ ok: false, error_code: 429, description: `Too Many Requests: retry after 7 (${req.path})`, parameters: { retry_after: 7 } }),
      }),
    });
    const err = await kit.send('telegram', {}, samples.down, { telegramChatId: '1' }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'transient', statusCode: 429, retryAfterMs: 7000 });
    expect((err as Error).message).not.toContain('bot-token-secret');
    expect((err as Error).message).toContain('[redacted]');
  });
});
