import { createHmac, timingSafeEqual } from 'node:crypto';
import { eventually, makeCheck, makeProject, startSmtpCapture } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import type { Harness } from './support/notifier-harness.js';
import { NotifierServices } from './support/notifier-services.js';
import type { RecordingServer } from '@upmon/testing';

/** What a receiver does: recompute the HMAC over the raw body and compare in constant time. */
function verifySignature(header: string | undefined, secret: string, body: string, nowSec: number): boolean {
  const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header ?? '');
  if (!m) return false;
  const t = Number(m[1]);
  if (Math.abs(nowSec - t) > 300) return false; // replay window
  const expected = createHmac('sha256', secret).update(`${t}.${body}`).digest();
  return timingSafeEqual(expected, Buffer.from(m[2] as string, 'hex'));
}

describe('notifier channels', () => {
  const services = new NotifierServices({ channels: true });
  let h: Harness;
  let receiver: RecordingServer;
  let smtp: NotifierServices['smtp'];

  beforeAll(async () => {
    await services.open();
    ({ h, receiver, smtp } = services);
  });
  afterAll(() => services.close());

  const requestsTo = (prefix: string) => receiver.requests.filter((r) => r.path.startsWith(prefix));

  it('delivers a down and an up flip through all eight kinds, each in its own format', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { name: 'Nightly "backup"', tags: ['prod', 'db'], status: 'up' });
    const secret = 'whsec_test';
    const ints = {
      webhook: await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/hook`, secret }),
      templated: await makeIntegration(h.prisma, project.id, 'webhook', {
        url: `${receiver.url}/templated`,
        body_template: '{"text": "{{subject}}", "name": "{{check_name}}", "tags": "{{tags}}", "ts": "{{ts}}"}',
      }),
      plain: await makeIntegration(h.prisma, project.id, 'webhook', {
        url: `${receiver.url}/plain`,
        content_type: 'text/plain',
        body_template: '{{check_name}} went {{status}} (was {{previous_status}}, {{reason}})',
      }),
      slack: await makeIntegration(h.prisma, project.id, 'slack', { webhook_url: `${receiver.url}/slack` }),
      mattermost: await makeIntegration(h.prisma, project.id, 'mattermost', { webhook_url: `${receiver.url}/mattermost` }),
      discord: await makeIntegration(h.prisma, project.id, 'discord', { webhook_url: `${receiver.url}/discord` }),
      pagerduty: await makeIntegration(h.prisma, project.id, 'pagerduty', { routing_key: 'R0UT1NG' }),
      sms: await makeIntegration(h.prisma, project.id, 'sms', { phone: '+15551234567' }),
      telegram: await makeIntegration(h.prisma, project.id, 'telegram', {}, { telegramChatId: '-100777' }),
      email: await makeIntegration(h.prisma, project.id, 'email', { email: 'oncall@example.com' }),
    };
    const downAt = new Date(Date.now() - 3_725_000);
    const down = await makeFlip(h.prisma, check, 'up', 'down', { reason: 'fail', ts: downAt });
    await receiver.waitFor((r) => r.length >= 9);
    await eventually(async () => smtp.mails.length >= 1);

    // Webhook, default body: every placeholder, signed.
    const [hook] = requestsTo('/hook');
    expect(hook?.headers['content-type']).toBe('application/json');
    expect(verifySignature(hook?.headers['x-signature'] as string, secret, hook?.body ?? '', Math.floor(Date.now() / 1000))).toBe(true);
    expect(verifySignature(hook?.headers['x-signature'] as string, 'wrong', hook?.body ?? '', Math.floor(Date.now() / 1000))).toBe(false);
    const payload = JSON.parse(hook?.body ?? '');
    expect(payload).toMatchObject({
      event: 'down',
      check_id: check.id,
      check_name: 'Nightly "backup"',
      status: 'down',
      previous_status: 'up',
      reason: 'fail',
      ts: downAt.toISOString().replace('Z', '+00:00'),
      tags: 'prod db',
      subject: 'DOWN | Nightly "backup"',
      link: `https://upmon.test/checks/${check.id}`,
      reason_text: 'the job reported a failure (fail ping)',
    });
    expect(payload.message).toContain('Nightly "backup" is DOWN');

    // Webhook with a JSON template: values JSON-escaped, body valid JSON; no secret, no signature.
    const [templated] = requestsTo('/templated');
    expect(JSON.parse(templated?.body ?? '')).toEqual({
      text: 'DOWN | Nightly "backup"',
      name: 'Nightly "backup"',
      tags: 'prod db',
      ts: payload.ts,
    });
    expect(templated?.headers['x-signature']).toBeUndefined();
    const [plain] = requestsTo('/plain');
    expect(plain?.headers['content-type']).toBe('text/plain');
    expect(plain?.body).toBe('Nightly "backup" went down (was up, fail)');

    // Slack: text + attachment with colour; Mattermost: its own shape; Discord: content + embed.
    const slack = JSON.parse(requestsTo('/slack')[0]?.body ?? '');
    expect(slack.text).toContain('Nightly "backup" is DOWN');
    expect(slack.attachments[0]).toMatchObject({ color: '#d9342b', title: 'DOWN | Nightly "backup"', title_link: payload.link });
    expect(slack.attachments[0].fields).toContainEqual({ title: 'Tags', value: 'prod db', short: true });
    const mm = JSON.parse(requestsTo('/mattermost')[0]?.body ?? '');
    expect(mm.text).toContain(`[open check](${payload.link})`);
    expect(mm.attachments[0]).toMatchObject({ color: '#d9342b', text: expect.stringContaining('is DOWN') });
    const discord = JSON.parse(requestsTo('/discord')[0]?.body ?? '');
    expect(discord.content).toContain('is DOWN');
    expect(discord.allowed_mentions).toEqual({ parse: [] });
    expect(discord.embeds[0]).toMatchObject({ title: 'DOWN | Nightly "backup"', url: payload.link, color: 0xd9342b });

    // PagerDuty: trigger, dedup_key = check id.
    const pdDown = JSON.parse(requestsTo('/pagerduty/v2/enqueue')[0]?.body ?? '');
    expect(pdDown).toMatchObject({ routing_key: 'R0UT1NG', event_action: 'trigger', dedup_key: check.id });
    expect(pdDown.payload).toMatchObject({ severity: 'critical', source: 'upmon' });

    // SMS: Twilio-compatible form POST with basic auth.
    const sms = requestsTo('/twilio')[0];
    expect(sms?.path).toBe('/twilio/2010-04-01/Accounts/AC123/Messages.json');
    expect(sms?.headers.authorization).toBe(`Basic ${Buffer.from('AC123:twilio-secret').toString('base64')}`);
    const form = new URLSearchParams(sms?.body ?? '');
    expect(form.get('To')).toBe('+15551234567');
    expect(form.get('From')).toBe('+15550000000');
    expect(form.get('Body')).toContain('DOWN | Nightly "backup"');
    expect(form.get('Body')).toContain(payload.link);

    // Telegram: sendMessage to the linked chat.
    const tg = requestsTo('/telegram')[0];
    expect(tg?.path).toBe('/telegram/bot12345:bot-token/sendMessage');
    const tgBody = JSON.parse(tg?.body ?? '');
    expect(tgBody.chat_id).toBe('-100777');
    expect(tgBody.text).toContain('Nightly "backup" is DOWN');

    // E-mail over real SMTP.
    const mail = smtp.mails[0];
    expect(mail?.to).toEqual(['oncall@example.com']);
    expect(mail?.from).toBe('alerts@upmon.test');
    expect(mail?.subject).toBe('DOWN | Nightly "backup"');
    expect(mail?.text).toContain('Reason: the job reported a failure (fail ping)');
    expect(mail?.text).toContain('Tags: prod db');
    expect(mail?.text).toContain(payload.link);

    // Every delivery is logged as one successful attempt.
    const log = await eventually(async () => {
      const rows = await h.prisma.notificationDelivery.findMany({ where: { flipId: down.id } });
      return rows.length >= Object.keys(ints).length ? rows : null;
    });
    expect(log).toHaveLength(Object.keys(ints).length);
    expect(log.every((d) => d.status === 'succeeded' && d.attempt === 1 && d.event === 'down' && d.latencyMs !== null)).toBe(true);

    // Recovery: PagerDuty resolves, the messages say how long it was down.
    const up = await makeFlip(h.prisma, check, 'down', 'up', { reason: 'ping', ts: new Date(downAt.getTime() + 3_725_000) });
    await receiver.waitFor((r) => r.length >= 18);
    await eventually(async () => smtp.mails.length >= 2);
    const pdUp = JSON.parse(requestsTo('/pagerduty/v2/enqueue')[1]?.body ?? '');
    expect(pdUp).toEqual({ routing_key: 'R0UT1NG', event_action: 'resolve', dedup_key: check.id });
    expect(smtp.mails[1]?.subject).toBe('UP | Nightly "backup"');
    expect(smtp.mails[1]?.text).toContain('Down for: 1 h 2 min');
    expect(JSON.parse(requestsTo('/hook')[1]?.body ?? '').previous_status).toBe('down');
  });

  it('delivers through the ten newer kinds; Opsgenie and Splunk On-Call resolve the outage on recovery', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { name: 'queue', tags: ['prod'], status: 'up' });
    const url = receiver.url;
    const ints = {
      msteams: await makeIntegration(h.prisma, project.id, 'msteams', { webhook_url: `${url}/msteams/wf` }),
      googlechat: await makeIntegration(h.prisma, project.id, 'googlechat', { webhook_url: `${url}/googlechat/v1/spaces/A/messages?key=k&token=t` }),
      rocketchat: await makeIntegration(h.prisma, project.id, 'rocketchat', { webhook_url: `${url}/rocketchat/hooks/a/b` }),
      zulip: await makeIntegration(h.prisma, project.id, 'zulip', { site_url: `${url}/zulip`, bot_email: 'b@example.org', api_key: 'k3y', stream: 'ops' }),
      matrix: await makeIntegration(h.prisma, project.id, 'matrix', { homeserver_url: `${url}/matrix`, room_id: '!r:example.org', access_token: 'syt_t' }),
      ntfy: await makeIntegration(h.prisma, project.id, 'ntfy', { server_url: `${url}/ntfy`, topic: 'ops' }),
      gotify: await makeIntegration(h.prisma, project.id, 'gotify', { server_url: `${url}/gotify`, app_token: 'tok' }),
      pushover: await makeIntegration(h.prisma, project.id, 'pushover', { user_key: 'u'.repeat(30), app_token: 'a'.repeat(30), priority_down: 2 }),
      opsgenie: await makeIntegration(h.prisma, project.id, 'opsgenie', { api_key: '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b', region: 'eu' }),
      victorops: await makeIntegration(h.prisma, project.id, 'victorops', { api_key: 'vo-key', routing_key: 'ops' }),
    };
    const down = await makeFlip(h.prisma, check, 'up', 'down', { reason: 'fail' });
    const delivered = (flipId: bigint) =>
      eventually(async () => {
        const rows = await h.prisma.notificationDelivery.findMany({ where: { flipId } });
        return rows.length >= Object.keys(ints).length ? rows : null;
      });
    const downLog = await delivered(down.id);
    expect(downLog.map((d) => [d.integrationId, d.status])).toEqual(expect.arrayContaining(Object.values(ints).map((i) => [i.id, 'succeeded'])));
    const first = (prefix: string) => receiver.requests.find((r) => r.path.startsWith(prefix));
    expect(JSON.parse(first('/msteams')?.body ?? '').attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(first('/googlechat')?.path).toContain('messageReplyOption=REPLY_MESSAGE_FALLBACK_TO_NEW_THREAD');
    expect(new URLSearchParams(first('/zulip')?.body).get('topic')).toBe('queue');
    expect(first('/matrix')?.method).toBe('PUT');
    expect(JSON.parse(first('/ntfy')?.body ?? '').priority).toBe(5);
    expect(first('/gotify')?.headers['x-gotify-key']).toBe('tok');
    expect(new URLSearchParams(first('/pushover/1/messages.json')?.body).get('priority')).toBe('2');
    expect(first('/opsgenie-eu')?.path).toBe('/opsgenie-eu/v2/alerts');
    expect(JSON.parse(first('/victorops')?.body ?? '')).toMatchObject({ message_type: 'CRITICAL', entity_id: check.id });

    const before = receiver.requests.length;
    const up = await makeFlip(h.prisma, check, 'down', 'up');
    await delivered(up.id);
    const ups = receiver.requests.slice(before);
    expect(ups.find((r) => r.path.startsWith('/opsgenie-eu'))?.path).toBe(`/opsgenie-eu/v2/alerts/${check.id}/close?identifierType=alias`);
    expect(JSON.parse(ups.find((r) => r.path.startsWith('/victorops'))?.body ?? '')).toMatchObject({ message_type: 'RECOVERY', entity_id: check.id });
    // Pushover: the emergency repetitions are cancelled before the recovery is said.
    expect(ups.filter((r) => r.path.startsWith('/pushover')).map((r) => r.path)).toEqual([
      `/pushover/1/receipts/cancel_by_tag/${check.id}.json`,
      '/pushover/1/messages.json',
    ]);
  });

  it('does not deliver to a Telegram integration whose chat is not linked (permanent, logged)', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const tg = await makeIntegration(h.prisma, project.id, 'telegram', {});
    const flip = await makeFlip(h.prisma, check, 'up', 'down');
    const row = await eventually(() => h.prisma.notificationDelivery.findFirst({ where: { integrationId: tg.id } }));
    expect(row).toMatchObject({ status: 'failed', attempt: 1 });
    expect(row.error).toContain('no Telegram chat is linked');
  });

  it('sends no alert to an e-mail address that is not verified, and logs why', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const unverified = await makeIntegration(h.prisma, project.id, 'email', { email: 'not-yet@example.com' }, { emailVerifiedAt: null });
    const flip = await makeFlip(h.prisma, check, 'up', 'down');
    const row = await eventually(() => h.prisma.notificationDelivery.findFirst({ where: { integrationId: unverified.id } }));
    expect(row).toMatchObject({ status: 'failed', attempt: 1, event: 'down' });
    expect(row.error).toBe('e-mail address not verified: alerts are sent once the link mailed to it has been opened');
    expect(smtp.mails.some((m) => m.to.includes('not-yet@example.com'))).toBe(false);
  });

  it('fails permanently on an SMTP 5xx and an undecryptable config', async () => {
    const rejecting = await startSmtpCapture({
      onRcptTo(_addr, _session, cb) {
        cb(Object.assign(new Error('mailbox unavailable'), { responseCode: 550 }));
      },
    });
    const other = await h.start({ SMTP_URL: rejecting.url, NOTIFIER_CONCURRENCY: '2' });
    try {
      await services.stopNotifier(); // only `other` works the queue now
      const project = await makeProject(h.prisma);
      const check = await makeCheck(h.prisma, project.id, { status: 'up' });
      const email = await makeIntegration(h.prisma, project.id, 'email', { email: 'nobody@example.com' });
      const broken = await makeIntegration(h.prisma, project.id, 'webhook', {}, { config: new Uint8Array(Buffer.from('garbage')) });
      const flip = await makeFlip(h.prisma, check, 'up', 'down');
      const rows = await eventually(async () => {
        const r = await h.prisma.notificationDelivery.findMany({ where: { flipId: flip.id }, orderBy: { integrationId: 'asc' } });
        return r.length === 2 ? r : null;
      });
      expect(rows.map((r) => [r.integrationId, r.status, r.attempt])).toEqual([
        [email.id, 'failed', 1],
        [broken.id, 'failed', 1],
      ]);
      expect(rows[0]?.error).toMatch(/550/);
      expect(rows[1]?.error).toContain('cannot be decrypted');
    } finally {
      await other.stop();
      await rejecting.close();
      await services.startNotifier();
    }
  });
});
