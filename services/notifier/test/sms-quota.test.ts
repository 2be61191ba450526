import type { RunningService } from '@upmon/service-kit';
import { eventually, makeAccount, makeCheck, makeProject, startSmtpCapture } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, recordingProviderEnv, type Harness } from './support/notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

describe('monthly SMS quota', () => {
  let h: Harness;
  let receiver: RecordingServer;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  const running: RunningService[] = [];
  let now = new Date('2026-11-30T23:00:00Z');
  const clock = { now: () => now };

  beforeAll(async () => {
    receiver = await startRecordingServer();
    smtp = await startSmtpCapture();
    h = await createHarness({
      SMTP_URL: smtp.url,
      EMAIL_FROM: 'upmon <alerts@upmon.test>',
      ...recordingProviderEnv(receiver.url),
    });
  });
  afterEach(async () => {
    for (const n of running.splice(0)) await n.stop();
  });
  afterAll(async () => {
    await h?.close();
    await receiver?.close();
    await smtp?.close();
  });

  const settle = () => h.settle(60_000);
  const smsTo = (phone: string) => receiver.accepted.filter((r) => r.path.startsWith('/twilio') && new URLSearchParams(r.body).get('To') === phone);
  const usage = async (accountId: string) => h.prisma.smsUsage.findMany({ where: { accountId }, orderBy: { month: 'asc' } });

  it('sends up to the quota, logs the rest as failed with the reason, and tells the e-mail integrations once a month', async () => {
    running.push(await h.start({}, clock));
    const account = await makeAccount(h.prisma, 'pro');
    await h.prisma.account.update({ where: { id: account.id }, data: { smsMonthlyQuota: 3 } });
    const [p1, p2] = [await makeProject(h.prisma, { accountId: account.id }), await makeProject(h.prisma, { accountId: account.id })];
    const check = await makeCheck(h.prisma, p1.id, { status: 'up' });
    const sms = await makeIntegration(h.prisma, p1.id, 'sms', { phone: '+15551110001' }, { flapMaxChanges: null });
    // E-mail integrations subscribed to nothing: all they get is the notice. One address twice
    // (two projects), one disabled, one unverified: two notices in all.
    await makeIntegration(h.prisma, p1.id, 'email', { email: 'oncall@example.com' }, { events: [] });
    await makeIntegration(h.prisma, p2.id, 'email', { email: 'OnCall@example.com' }, { events: [] });
    await makeIntegration(h.prisma, p2.id, 'email', { email: 'boss@example.com' }, { events: [] });
    await makeIntegration(h.prisma, p2.id, 'email', { email: 'off@example.com' }, { events: [], enabled: false });
    await makeIntegration(h.prisma, p2.id, 'email', { email: 'stranger@example.com' }, { events: [], emailVerifiedAt: null });

    for (let k = 0; k < 5; k++) {
      const f = await makeFlip(h.prisma, check, k % 2 ? 'down' : 'up', k % 2 ? 'up' : 'down', { ts: new Date(now.getTime() + k * 1000) });
      await settle();
    }
    expect(smsTo('+15551110001')).toHaveLength(3);
    const log = await h.prisma.notificationDelivery.findMany({ where: { integrationId: sms.id }, orderBy: { id: 'asc' } });
    expect(log.map((r) => [r.status, r.attempt])).toEqual([
      ['succeeded', 1],
      ['succeeded', 1],
      ['succeeded', 1],
      ['failed', 1],
      ['failed', 1],
    ]);
    expect(log[3]?.error).toBe('monthly SMS quota used up (3 a month on the pro plan, renews 2026-12-01): not sent');
    expect(await usage(account.id)).toEqual([{ accountId: account.id, month: new Date('2026-11-01T00:00:00Z'), sent: 3, quotaNoticeAt: now }]);
    await eventually(async () => smtp.mails.length >= 2);
    expect(smtp.mails.map((m) => m.to[0]).sort()).toEqual(['boss@example.com', 'oncall@example.com']);
    expect(smtp.mails[0]?.subject).toBe(`SMS quota used up | ${account.name}`);
    expect(smtp.mails[0]?.text).toContain('all 3 text messages (SMS) of its pro plan for November 2026 (UTC)');

    // A new month (UTC) starts afresh: sent again, and a later refusal notifies again.
    now = new Date('2026-12-01T00:00:30Z');
    for (let k = 0; k < 4; k++) {
      const f = await makeFlip(h.prisma, check, k % 2 ? 'up' : 'down', k % 2 ? 'down' : 'up', { ts: new Date(now.getTime() + k * 1000) });
      await settle();
    }
    expect(smsTo('+15551110001')).toHaveLength(6);
    expect((await usage(account.id)).map((u) => [u.month.toISOString().slice(0, 7), u.sent])).toEqual([
      ['2026-11', 3],
      ['2026-12', 3],
    ]);
    await eventually(async () => smtp.mails.length >= 4);
    await h.settle(); // every delivery done: no further notice can be mailed
    expect(smtp.mails).toHaveLength(4);
  });

  it('never sends more than the quota with two notifiers delivering at once', async () => {
    now = new Date('2026-11-24T12:00:00Z');
    running.push(await h.start({ NOTIFIER_CONCURRENCY: '50' }, clock), await h.start({ NOTIFIER_CONCURRENCY: '50' }, clock));
    const account = await makeAccount(h.prisma, 'business');
    await h.prisma.account.update({ where: { id: account.id }, data: { smsMonthlyQuota: 10 } });
    const project = await makeProject(h.prisma, { accountId: account.id });
    // One flip, 40 SMS integrations: 40 deliveries in flight at once across the two notifiers.
    const phones = Array.from({ length: 40 }, (_, i) => `+1555222${String(i).padStart(4, '0')}`);
    for (const phone of phones) await makeIntegration(h.prisma, project.id, 'sms', { phone });
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const f = await makeFlip(h.prisma, check, 'up', 'down');
    await settle();
    const rows = await h.prisma.notificationDelivery.findMany({ where: { flipId: f.id } });
    expect(rows).toHaveLength(40);
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(10);
    expect(rows.filter((r) => r.status === 'failed' && r.error?.startsWith('monthly SMS quota used up'))).toHaveLength(30);
    expect(phones.flatMap(smsTo)).toHaveLength(10);
    expect((await usage(account.id))[0]?.sent).toBe(10);
  });

  it('counts an SMS once when the provider failed it first and the retry got through', async () => {
    now = new Date('2026-11-24T13:00:00Z');
    running.push(await h.start({}, clock));
    const account = await makeAccount(h.prisma, 'pro');
    await h.prisma.account.update({ where: { id: account.id }, data: { smsMonthlyQuota: 1 } });
    const project = await makeProject(h.prisma, { accountId: account.id });
    const sms = await makeIntegration(h.prisma, project.id, 'sms', { phone: '+15553330001' });
    let calls = 0;
    receiver.respond((req) => (new URLSearchParams(req.body).get('To') === '+15553330001' && calls++ === 0 ? { status: 503, body: 'busy' } : {}));
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const f = await makeFlip(h.prisma, check, 'up', 'down');
    await settle();
    receiver.respond(() => ({}));
    const log = await h.prisma.notificationDelivery.findMany({ where: { integrationId: sms.id }, orderBy: { id: 'asc' } });
    expect(log.map((r) => r.status)).toEqual(['failed_retrying', 'succeeded']);
    expect((await usage(account.id))[0]?.sent).toBe(1);
  });
});
