import { ACK_LINK, CHECK_LINK, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/**
 * ntfy publishing as JSON: POST to the server's root URL, JSON `topic` (required), `message`,
 * `title`, `priority` 1..5, `tags`, `click`, `actions` (≤ 3; `view` actions have `label` and
 * `url`); `Authorization: Bearer <token>` for protected topics. 200 with the message; 403
 * `{code: 40301, http: 403, error: "forbidden", link}`; 429 `{code: 42901, …}`.
 */
describe('ntfy', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/ntfy', {
      problems: (req) => {
        const m = JSON.parse(req.body);
        if (m.topic === 'protected' && req.headers.authorization !== 'Bearer tk_s3cr3taccesstoken') return ['forbidden'];
        return [
          ...expectThat.method(req, 'POST'),
          ...(req.path === '/ntfy/' ? [] : [`JSON must be published to the root URL, not ${req.path}`]),
          ...(/^[-_A-Za-z0-9]{1,64}$/.test(m.topic) ? [] : ['invalid topic']),
          ...expectThat.string(m.message, 'message', 4096),
          ...expectThat.oneOf(m.priority, 'priority', [1, 2, 3, 4, 5]),
          ...(m.actions.length <= 3 ? [] : ['too many actions']),
          ...m.actions.flatMap((a: { action: string; label: string; url: string }) => [
            ...expectThat.oneOf(a.action, 'action', ['view', 'http', 'broadcast']),
            ...expectThat.string(a.label, 'label', 100),
            ...(/^https?:\/\//.test(a.url) ? [] : ['action url']),
          ]),
        ];
      },
      accept: (req) => ({ body: JSON.stringify({ id: 'sPs71M8A2T', time: 1, event: 'message', topic: JSON.parse(req.body).topic }) }),
      reject: (_req, p) =>
        p[0] === 'forbidden'
          ? { status: 403, body: JSON.stringify({ code: 40301, http: 403, error: 'forbidden', link: 'https://ntfy.sh/docs/publish/#authentication' }) }
          : { status: 400, body: JSON.stringify({ code: 40000, http: 400, error: p.join('; ') }) },
    });
  });
  afterAll(() => kit.close());

  it('publishes with priority by event, a click to the check and an Acknowledge button', async () => {
    for (const n of Object.values(samples)) await kit.send('ntfy', { server_url: `${kit.fake.url}/ntfy`, topic: 'upmon-alerts_42' }, n);
    expect(kit.problems).toEqual([]);
    const msgs = kit.requestsTo('/ntfy').map((r) => jsonOf(r));
    expect(msgs.map((m) => m.priority)).toEqual([5, 3, 4, 5, 5, 3, 3]);
    expect(msgs[0]).toEqual({
      topic: 'upmon-alerts_42',
      title: 'DOWN | Nightly "backup" <db>',
      message: samples.down.text,
      priority: 5,
      tags: ['rotating_light'],
      click: CHECK_LINK,
      actions: [
        { action: 'view', label: 'Acknowledge', url: ACK_LINK, clear: true },
        { action: 'view', label: 'Open the check', url: CHECK_LINK },
      ],
    });
    expect(kit.requestsTo('/ntfy')[0]?.headers.authorization).toBeUndefined();
  });

  it('sends the access token to a protected topic; a refusal is permanent with ntfy’s word', async () => {
    await kit.send('ntfy', { server_url: `${kit.fake.url}/ntfy`, topic: 'protected', token: 'tk_s3cr3taccesstoken' }, samples.up);
    expect(kit.problems).toEqual([]);
    await expect(kit.send('ntfy', { server_url: `${kit.fake.url}/ntfy`, topic: 'protected', token: 'tk_wrong' }, samples.up)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'HTTP 403: forbidden',
    });
  });
});
