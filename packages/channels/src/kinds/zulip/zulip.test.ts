import { ACK_LINK, CHECK_LINK, expectThat, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

const AUTH = `Basic ${Buffer.from('alerts-bot@example.zulipchat.com:4pIk3ySeCr3tXyZ0123456789abcdefg').toString('base64')}`;

/**
 * Zulip's send-message API: POST {site}/api/v1/messages, HTTP basic auth (bot e-mail : API key),
 * form-encoded `type` stream (or channel, direct), `to` the stream name, `topic` (≤ 60
 * characters), `content` (≤ 10,000 bytes). 200 `{result: "success", msg: "", id}`; 400
 * `{result: "error", msg, code}`; 401 `{result: "error", msg: "Invalid API key", code:
 * "INVALID_API_KEY"}`.
 */
describe('zulip', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/zulip/api/v1/messages', {
      problems: (req) => {
        if (req.headers.authorization !== AUTH) return ['Invalid API key'];
        const f = new URLSearchParams(req.body);
        return [
          ...expectThat.method(req, 'POST'),
          ...expectThat.header(req, 'content-type', 'application/x-www-form-urlencoded'),
          ...expectThat.oneOf(f.get('type'), 'type', ['stream', 'channel', 'direct', 'private']),
          ...expectThat.string(f.get('to') ?? undefined, 'to', 60),
          ...expectThat.string(f.get('topic') ?? undefined, 'topic', 60),
          ...(Buffer.byteLength(f.get('content') ?? '') <= 10_000 ? [] : ['Message must not be longer than 10000 bytes']),
        ];
      },
      accept: () => ({ body: JSON.stringify({ result: 'success', msg: '', id: 42 }) }),
      reject: (_req, p) =>
        p[0] === 'Invalid API key'
          ? { status: 401, body: JSON.stringify({ result: 'error', msg: 'Invalid API key', code: 'INVALID_API_KEY' }) }
          : { status: 400, body: JSON.stringify({ result: 'error', msg: p.join('; '), code: 'BAD_REQUEST' }) },
    });
  });
  afterAll(() => kit.close());
  const config = (extra: Record<string, unknown> = {}) => ({
    site_url: `${kit.fake.url}/zulip`,
    bot_email: 'alerts-bot@example.zulipchat.com',
    api_key: '4pIk3ySeCr3tXyZ0123456789abcdefg',
    stream: 'alerts',
    ...extra,
  });

  it('sends a stream message to the check’s own topic, or the configured one', async () => {
    for (const n of Object.values(samples)) await kit.send('zulip', config(), n);
    await kit.send('zulip', config({ topic: 'cron jobs' }), samples.up);
    expect(kit.problems).toEqual([]);
    const forms = kit.requestsTo('/zulip').map((r) => new URLSearchParams(r.body));
    expect(forms[0]?.get('type')).toBe('stream');
    expect(forms[0]?.get('to')).toBe('alerts');
    expect(forms[0]?.get('topic')).toBe('Nightly "backup" <db>');
    expect(forms[0]?.get('content')).toBe(
      [
        '**DOWN | Nightly "backup" <db>**',
        'Nightly "backup" <db> is DOWN: the job reported a failure (fail ping).',
        '',
        '**Status:** DOWN (was UP)',
        '**Reason:** the job reported a failure (fail ping)',
        '**When:** 2026-11-22 07:40:12 UTC',
        '**Tags:** prod db',
        '',
        `[Open the check](${CHECK_LINK}) · [Acknowledge](${ACK_LINK})`,
      ]
        .join('\n')
        .replace(/</g, '<\u200b'),
    );
    expect(forms.at(-1)?.get('topic')).toBe('cron jobs');
  });

  it('a wrong API key fails permanently with Zulip’s message and without the key', async () => {
    const err = await kit.send('zulip', config({ api_key: 'wrong-key-0123456789' }), samples.down).catch((e: Error) => e);
    expect(err).toMatchObject({ kind: 'permanent', statusCode: 401, message: 'HTTP 401: Invalid API key' });
  });
});
