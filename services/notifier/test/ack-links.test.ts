import { eventually, makeCheck, makeProject } from '@upmon/testing';
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
    const hooks = ['webhook', 'slack', 'mattermost', 'discord'] as const;
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/webhook` });
    for (const kind of ['slack', 'mattermost', 'discord'] as const)
      await makeIntegration(h.prisma, project.id, kind, { webhook_url: `${receiver.url}/${kind}` });
    await makeIntegration(h.prisma, project.id, 'pagerduty', { routing_key: 'R0UT1NG' });
    await makeIntegration(h.prisma, project.id, 'sms', { phone: '+15551234567' });
    await makeIntegration(h.prisma, project.id, 'telegram', {}, { telegramChatId: '-100777' });
    await makeIntegration(h.prisma, project.id, 'email', { email: 'oncall@example.com' });

    await makeFlip(h.prisma, check, 'up', 'down');
    await h.settle();
    await eventually(async () => smtp.mails.length >= 1);
    const link = /Acknowledge: (https:\/\/upmon\.test\/ack\/[A-Za-z0-9_-]{60})/;
    const first = (prefix: string) => receiver.requests.find((r) => r.path.startsWith(prefix))?.body ?? '';
    for (const path of hooks)
      expect(first(`/${path}`)).toMatch(path === 'webhook' ? /"ack_link":"https:\/\/upmon\.test\/ack\// : /https:\/\/upmon\.test\/ack\//);
    const ackLink = link.exec(JSON.parse(first('/webhook')).message)?.[1];
    expect(ackLink).toBeDefined();
    expect(JSON.parse(first('/slack')).attachments[0].fields).toContainEqual({ title: 'Acknowledge', value: ackLink, short: false });
    const pd = JSON.parse(first('/pagerduty'));
    expect(pd.links).toContainEqual({ href: ackLink, text: 'Acknowledge in upmon' });
    expect(pd.payload.custom_details.Acknowledge).toBe(ackLink);
    expect(new URLSearchParams(first('/twilio')).get('Body')).toContain(`Acknowledge: ${ackLink}`);
    expect(JSON.parse(first('/telegram')).text).toContain(`Acknowledge: ${ackLink}`);
    expect(smtp.mails[0]?.text).toContain(`Acknowledge: ${ackLink}`);

    const before = receiver.requests.length;
    await makeFlip(h.prisma, check, 'down', 'up');
    await h.settle();
    const ups = receiver.requests.slice(before);
    expect(ups.length).toBeGreaterThanOrEqual(6);
    for (const r of ups) expect(r.body).not.toContain('/ack/');
  });
});
