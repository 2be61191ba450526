import { ACK_LINK, CHECK_LINK, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/**
 * A Rocket.Chat incoming webhook: POST /hooks/{id}/{token}, JSON with `text` and/or `attachments`
 * (`title`, `title_link`, `text`, `color`, `fields` of `{short, title, value}`); 200
 * `{success: true}`; an unknown token 404 `{success: false, error: "Invalid integration id or
 * token provided."}`.
 */
describe('rocketchat', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/hooks', {
      problems: (req) => {
        const m = JSON.parse(req.body);
        const fields = m.attachments?.[0]?.fields ?? [];
        return [
          ...expectThat.method(req, 'POST'),
          ...expectThat.header(req, 'content-type', 'application/json'),
          ...(req.path === '/hooks/65f0/t0k3n-s3cr3t-rocket' ? [] : ['Invalid integration id or token provided.']),
          ...expectThat.string(m.text, 'text', 5000),
          ...fields.flatMap((f: { title: unknown; value: unknown; short: unknown }) => [
            ...expectThat.string(f.title, 'field.title', 500),
            ...expectThat.string(f.value, 'field.value', 5000),
            ...(typeof f.short === 'boolean' ? [] : ['field.short must be a boolean']),
          ]),
        ];
      },
      accept: () => ({ body: JSON.stringify({ success: true }) }),
      reject: (_req, p) => ({ status: 404, body: JSON.stringify({ success: false, error: p.join('; ') }) }),
    });
  });
  afterAll(() => kit.close());

  it('posts text with the links and a coloured attachment; @all mentions nobody', async () => {
    for (const n of Object.values(samples)) await kit.send('rocketchat', { webhook_url: `${kit.fake.url}/hooks/65f0/t0k3n-s3cr3t-rocket` }, n);
    expect(kit.problems).toEqual([]);
    const m = jsonOf(kit.requestsTo('/hooks')[0]);
    expect(m.text).toBe(`*DOWN | Nightly "backup" <\u200bdb>* · [Open the check](${CHECK_LINK}) · [Acknowledge](${ACK_LINK})`);
    expect(m.attachments[0]).toMatchObject({ title_link: CHECK_LINK, color: '#d9342b' });
    await kit.send('rocketchat', { webhook_url: `${kit.fake.url}/hooks/65f0/t0k3n-s3cr3t-rocket` }, { ...samples.late, headline: '@all is LATE' });
    expect(jsonOf(kit.requestsTo('/hooks').at(-1)).attachments[0].text).toBe('@\u200ball is LATE');
  });

  it('a wrong token fails permanently with Rocket.Chat’s message, and so does success: false', async () => {
    await expect(kit.send('rocketchat', { webhook_url: `${kit.fake.url}/hooks/65f0/wrong` }, samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'HTTP 404: Invalid integration id or token provided.',
    });
    kit.serve('/refusing', { problems: () => [], accept: () => ({ body: '{"success": false, "error": "script refused it"}' }), reject: () => ({}) });
    await expect(kit.send('rocketchat', { webhook_url: `${kit.fake.url}/refusing` }, samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'Rocket.Chat refused the message: script refused it',
    });
  });
});
