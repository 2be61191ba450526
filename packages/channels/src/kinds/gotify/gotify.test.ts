import { ACK_LINK, CHECK_LINK, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/**
 * Gotify: POST /message with the application token (`X-Gotify-Key` header or `token` query),
 * JSON `message` (required), `title`, `priority` (integer), `extras` (`client::display`
 * contentType text/plain|text/markdown; `client::notification` click url). 200 with the message;
 * 401 `{error: "Unauthorized", errorCode: 401, errorDescription}`; 400 for a bad body.
 */
describe('gotify', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/gotify', {
      problems: (req) => {
        if (req.headers['x-gotify-key'] !== 'AqLqE5Bh3Jv.sEcRet') return ['Unauthorized'];
        const m = JSON.parse(req.body);
        return [
          ...expectThat.method(req, 'POST'),
          ...(req.path === '/gotify/message' ? [] : [`no such endpoint ${req.path}`]),
          ...expectThat.header(req, 'content-type', 'application/json'),
          ...expectThat.string(m.message, 'message', 65_535),
          ...(Number.isInteger(m.priority) ? [] : ['priority must be an integer']),
          ...expectThat.oneOf(m.extras?.['client::display']?.contentType, 'contentType', ['text/plain', 'text/markdown']),
        ];
      },
      accept: (req) => ({ body: JSON.stringify({ id: 25, appid: 5, ...JSON.parse(req.body), date: '2026-11-22T07:40:12Z' }) }),
      reject: (_req, p) =>
        p[0] === 'Unauthorized'
          ? {
              status: 401,
              body: JSON.stringify({
                error: 'Unauthorized',
                errorCode: 401,
                errorDescription: 'you need to provide a valid access token or user credentials to access this api',
              }),
            }
          : { status: 400, body: JSON.stringify({ error: 'Bad Request', errorCode: 400, errorDescription: p.join('; ') }) },
    });
  });
  afterAll(() => kit.close());
  const config = (token = 'AqLqE5Bh3Jv.sEcRet') => ({ server_url: `${kit.fake.url}/gotify/`, app_token: token });

  it('posts Markdown with the links, priority by severity, a click to acknowledge', async () => {
    for (const n of Object.values(samples)) await kit.send('gotify', config(), n);
    expect(kit.problems).toEqual([]);
    const msgs = kit.requestsTo('/gotify').map((r) => jsonOf(r));
    expect(msgs.map((m) => m.priority)).toEqual([8, 5, 5, 8, 8, 5, 4]);
    expect(msgs[0].title).toBe('DOWN | Nightly "backup" <db>');
    expect(msgs[0].message).toContain('Nightly "backup" \\<db\\> is DOWN');
    expect(msgs[0].message).toContain(`[Open the check](${CHECK_LINK}) · [Acknowledge](${ACK_LINK})`);
    expect(msgs[0].extras).toEqual({ 'client::display': { contentType: 'text/markdown' }, 'client::notification': { click: { url: ACK_LINK } } });
    expect(msgs[1].extras['client::notification'].click.url).toBe(CHECK_LINK);
  });

  it('a wrong token fails permanently with Gotify’s description', async () => {
    await expect(kit.send('gotify', config('wrong-token'), samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      statusCode: 401,
      message: 'HTTP 401: you need to provide a valid access token or user credentials to access this api',
    });
  });
});
