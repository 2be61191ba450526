import { CHECK_LINK, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/**
 * Discord webhooks: POST application/json; `content` ≤ 2000, ≤ 10 embeds (title ≤ 256,
 * description ≤ 4096, ≤ 25 fields of name ≤ 256 / value ≤ 1024); 204, or 400 with
 * `{message, code}`; 429 with `retry_after` and Retry-After.
 */
describe('discord', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/api/webhooks', {
      problems: (req) => {
        const body = JSON.parse(req.body);
        const embed = body.embeds?.[0] ?? {};
        return [
          ...expectThat.header(req, 'content-type', 'application/json'),
          ...expectThat.string(body.content, 'content', 2000),
          ...expectThat.string(embed.title, 'embeds[0].title', 256),
          ...expectThat.string(embed.description, 'embeds[0].description', 4096),
          ...(Number.isInteger(embed.color) ? [] : ['embeds[0].color must be an integer']),
          ...(embed.fields.length <= 25 ? [] : ['too many fields']),
        ];
      },
      accept: () => ({ status: 204, body: '' }),
      reject: (_req, p) => ({ status: 400, body: JSON.stringify({ message: `Invalid Form Body: ${p.join('; ')}`, code: 50035 }) }),
    });
  });
  afterAll(() => kit.close());

  it('sends content and one embed, mentions disabled', async () => {
    for (const n of Object.values(samples)) await kit.send('discord', { webhook_url: `${kit.fake.url}/api/webhooks/1/tok` }, n);
    const down = jsonOf(kit.requestsTo('/api/webhooks')[0]);
    expect(down.allowed_mentions).toEqual({ parse: [] });
    expect(down.embeds[0]).toMatchObject({ title: 'DOWN | Nightly "backup" <db>', url: CHECK_LINK, color: 0xd9342b, timestamp: '2026-11-22T07:40:12.000Z' });
    expect(kit.problems).toEqual([]);
  });

  it('an unknown webhook fails permanently with Discord’s message', async () => {
    kit.serve('/unknown', {
      problems: () => ['x'],
      accept: () => ({}),
      reject: () => ({ status: 404, body: '{"message": "Unknown Webhook", "code": 10015}' }),
    });
    await expect(kit.send('discord', { webhook_url: `${kit.fake.url}/unknown` }, samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'HTTP 404: Unknown Webhook',
    });
  });
});
