import { CHECK_LINK, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/** Mattermost incoming webhooks: POST application/json with `text` and/or `attachments` (Slack-compatible); 200 `ok`. */
describe('mattermost', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/hooks', {
      problems: (req) => {
        const body = JSON.parse(req.body);
        return [
          ...expectThat.header(req, 'content-type', 'application/json'),
          ...(typeof body.text === 'string' || Array.isArray(body.attachments) ? [] : ['Unable to parse incoming data']),
        ];
      },
      accept: () => ({ body: 'ok' }),
      reject: (_req, p) => ({ status: 400, body: JSON.stringify({ id: 'web.incoming_webhook.parse.app_error', message: p.join('; '), status_code: 400 }) }),
    });
  });
  afterAll(() => kit.close());

  it('sends Markdown text with the link and an attachment carrying the headline', async () => {
    for (const n of Object.values(samples)) await kit.send('mattermost', { webhook_url: `${kit.fake.url}/hooks/xyz` }, n);
    const down = jsonOf(kit.requestsTo('/hooks')[0]);
    expect(down.text).toBe(`**DOWN | Nightly "backup" <db>** · [open check](${CHECK_LINK})`);
    expect(down.attachments[0]).toMatchObject({ color: '#d9342b', text: 'Nightly "backup" <db> is DOWN: the job reported a failure (fail ping).' });
    expect(kit.problems).toEqual([]);
  });
});
