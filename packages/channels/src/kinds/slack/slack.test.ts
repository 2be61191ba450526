import { CHECK_LINK, jsonOf, openChannelTestKit, samples, expectThat, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/**
 * Slack incoming webhooks: POST application/json with `text` and/or `attachments`; 200 `ok`, or
 * 400 `invalid_payload`, 403 `action_prohibited`, 404 `no_service`, 410 `channel_is_archived`.
 */
describe('slack', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/slack', {
      problems: (req) => {
        const body = JSON.parse(req.body);
        return [
          ...expectThat.method(req, 'POST'),
          ...expectThat.header(req, 'content-type', 'application/json'),
          ...(typeof body.text === 'string' || Array.isArray(body.attachments) ? [] : ['no text']),
        ];
      },
      accept: () => ({ body: 'ok' }),
      reject: () => ({ status: 400, body: 'invalid_payload' }),
    });
  });
  afterAll(() => kit.close());
  const config = () => ({ webhook_url: `${kit.fake.url}/slack/T000/B000/XXXX` });

  it('sends every event as text and one coloured attachment, with &, < and > escaped', async () => {
    for (const n of Object.values(samples)) await kit.send('slack', config(), n);
    const down = jsonOf(kit.requestsTo('/slack')[0]);
    expect(down.text).toBe('Nightly "backup" &lt;db&gt; is DOWN: the job reported a failure (fail ping).');
    expect(down.attachments[0]).toMatchObject({ color: '#d9342b', title: 'DOWN | Nightly "backup" &lt;db&gt;', title_link: CHECK_LINK, footer: 'upmon' });
    expect(down.attachments[0].fields).toContainEqual({ title: 'Tags', value: 'prod db', short: true });
    expect(down.attachments[0].fields).toContainEqual({ title: 'Acknowledge', value: samples.down.ackLink, short: false });
    expect(jsonOf(kit.requestsTo('/slack')[1]).attachments[0].color).toBe('#2eb67d');
    expect(kit.problems).toEqual([]);
  });

  it('a removed webhook is a permanent failure carrying Slack’s answer', async () => {
    kit.serve('/gone', { problems: () => ['gone'], accept: () => ({}), reject: () => ({ status: 404, body: 'no_service' }) });
    await expect(kit.send('slack', { webhook_url: `${kit.fake.url}/gone` }, samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      statusCode: 404,
      message: 'HTTP 404: no_service',
    });
  });
});
