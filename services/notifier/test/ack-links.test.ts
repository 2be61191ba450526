import { createAckTokens } from '@upmon/crypto';
import { eventually, makeCheck, makeProject, TEST_ENCRYPTION_KEY } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import type { Harness } from './support/notifier-harness.js';
import { NotifierServices } from './support/notifier-services.js';
import type { RecordingServer } from '@upmon/testing';

/** Every channel's down alert says "Acknowledge: <APP_BASE_URL>/ack/<token>" (docs/notifications.md, "Acknowledgement"). */
describe('acknowledgement links in every channel', () => {
  const services = new NotifierServices({ channels: true });
  let h: Harness;
  let receiver: RecordingServer;
  let smtp: NotifierServices['smtp'];

  beforeAll(async () => {
    await services.open();
    ({ h, receiver, smtp } = services);
  });
  afterAll(() => services.close());

  it('down alerts of all eight kinds carry the link; their recoveries do not', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { name: 'backup', status: 'up' });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/webhook` });
    for (const kind of ['slack', 'mattermost', 'discord'] as const)
      await makeIntegration(h.prisma, project.id, kind, { webhook_url: `${receiver.url}/${kind}` });
    await makeIntegration(h.prisma, project.id, 'pagerduty', { routing_key: 'R0UT1NG' });
    await makeIntegration(h.prisma, project.id, 'sms', { phone: '+15551234567' });
    await makeIntegration(h.prisma, project.id, 'telegram', {}, { telegramChatId: '-100777' });
    await makeIntegration(h.prisma, project.id, 'email', { email: 'oncall@example.com' });

    const down = await makeFlip(h.prisma, check, 'up', 'down');
    await h.settle();
    await eventually(async () => smtp.mails.length >= 1);
    const first = (prefix: string) => receiver.requests.find((r) => r.path.startsWith(prefix))?.body ?? '';
    // Each delivery signs its own link, with an expiry in whole seconds from its own send time, so two
    // channels' links may differ in bytes: what must hold is that each acknowledges this down of this check.
    const tokens = createAckTokens([TEST_ENCRYPTION_KEY]);
    const link = /https:\/\/upmon\.test\/ack\/([A-Za-z0-9_-]{60})/;
    const ackLinkIn = (text: string | undefined): string => {
      const found = link.exec(text ?? '');
      expect(found).not.toBeNull();
      const claims = tokens.verify(found?.[1] ?? '', new Date());
      expect(claims).toMatchObject({ ok: true, checkId: check.id, flipId: String(down.id) });
      return found?.[0] ?? '';
    };
    const webhook = JSON.parse(first('/webhook'));
    expect(ackLinkIn(webhook.ack_link)).toBe(webhook.ack_link);
    expect(webhook.message).toContain(`Acknowledge: ${ackLinkIn(webhook.message)}`);
    for (const kind of ['mattermost', 'discord'] as const) ackLinkIn(first(`/${kind}`));
    const slackField = JSON.parse(first('/slack')).attachments[0].fields.find((f: { title: string }) => f.title === 'Acknowledge');
    expect(slackField).toMatchObject({ short: false });
    expect(ackLinkIn(slackField?.value)).toBe(slackField?.value);
    const pd = JSON.parse(first('/pagerduty'));
    const pdLink = pd.links.find((l: { text: string }) => l.text === 'Acknowledge in upmon')?.href;
    expect(ackLinkIn(pdLink)).toBe(pdLink);
    expect(ackLinkIn(pd.payload.custom_details.Acknowledge)).toBe(pd.payload.custom_details.Acknowledge);
    for (const text of [new URLSearchParams(first('/twilio')).get('Body') ?? '', JSON.parse(first('/telegram')).text, smtp.mails[0]?.text])
      expect(text).toContain(`Acknowledge: ${ackLinkIn(text)}`);

    const before = receiver.requests.length;
    await makeFlip(h.prisma, check, 'down', 'up');
    await h.settle();
    const ups = receiver.requests.slice(before);
    expect(ups.length).toBeGreaterThanOrEqual(6);
    for (const r of ups) expect(r.body).not.toContain('/ack/');
  });
  it('the ten newer kinds carry it too, as a button or link where the provider shows one', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { name: 'queue', status: 'up' });
    const url = receiver.url;
    const configs = {
      msteams: { webhook_url: `${url}/new/msteams` },
      googlechat: { webhook_url: `${url}/new/googlechat?key=k&token=t` },
      rocketchat: { webhook_url: `${url}/new/rocketchat` },
      zulip: { site_url: `${url}/new/zulip`, bot_email: 'b@example.org', api_key: 'k3y', stream: 'ops' },
      matrix: { homeserver_url: `${url}/new/matrix`, room_id: '!r:example.org', access_token: 'syt_t' },
      ntfy: { server_url: `${url}/new/ntfy`, topic: 'ops' },
      gotify: { server_url: `${url}/new/gotify`, app_token: 'tok' },
      pushover: { user_key: 'u'.repeat(30), app_token: 'a'.repeat(30) },
      opsgenie: { api_key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b' },
      victorops: { api_key: 'vo-key', routing_key: 'ops' },
    } as const;
    for (const [kind, config] of Object.entries(configs)) await makeIntegration(h.prisma, project.id, kind as keyof typeof configs, config);
    const before = receiver.requests.length;
    const down = await makeFlip(h.prisma, check, 'up', 'down');
    await h.settle();
    const downs = receiver.requests.slice(before);
    const bodyOf = (r: (typeof downs)[number]) => decodeURIComponent(r.body.replace(/\+/g, ' '));
    const tokens = createAckTokens([TEST_ENCRYPTION_KEY]);
    const acknowledgesThisDown = (body: string) => {
      const token = /https:\/\/upmon\.test\/ack\/([A-Za-z0-9_-]{60})/.exec(body)?.[1];
      const claims = token ? tokens.verify(token, new Date()) : undefined;
      return claims?.ok === true && claims.checkId === check.id && claims.flipId === String(down.id);
    };
    const linkIn = (prefix: string) => downs.filter((r) => r.path.startsWith(prefix)).some((r) => acknowledgesThisDown(bodyOf(r)));
    for (const prefix of ['/new/', '/pushover', '/opsgenie', '/victorops']) expect([prefix, linkIn(prefix)]).toEqual([prefix, true]);
    expect(downs.filter((r) => r.path.startsWith('/new/')).length).toBe(7);
    const teams = JSON.parse(downs.find((r) => r.path === '/new/msteams')?.body ?? '');
    expect(teams.attachments[0].content.actions.map((a: { title: string }) => a.title)).toEqual(['Open the check', 'Acknowledge']);
    expect(JSON.parse(downs.find((r) => r.path.startsWith('/new/ntfy'))?.body ?? '').actions[0].label).toBe('Acknowledge');
    expect(new URLSearchParams(downs.find((r) => r.path.startsWith('/pushover'))?.body).get('url_title')).toBe('Acknowledge');

    const afterDown = receiver.requests.length;
    await makeFlip(h.prisma, check, 'down', 'up');
    await h.settle();
    const ups = receiver.requests.slice(afterDown);
    expect(ups.length).toBeGreaterThanOrEqual(10);
    for (const r of ups) expect(bodyOf(r)).not.toContain('/ack/');
  });
});
