import type { RunningService } from '@upmon/service-kit';
import { eventually, makeProject } from '@upmon/testing';
import { makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

describe('test notifications', () => {
  let h: Harness;
  let receiver: RecordingServer;
  let notifier: RunningService;

  beforeAll(async () => {
    receiver = await startRecordingServer((req) => (req.path === '/broken' ? { status: 404, body: 'no such hook' } : {}));
    h = await createHarness();
    notifier = await h.start();
  });
  afterAll(async () => {
    await notifier?.stop();
    await h?.close();
    await receiver?.close();
  });

  const logged = (integrationId: number) =>
    eventually(async () => (await h.prisma.notificationDelivery.findMany({ where: { integrationId, event: 'test' } }))[0]);

  it('sends one test through the channel and logs it with no check, even when the integration is disabled', async () => {
    const project = await makeProject(h.prisma);
    const hook = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/ok` }, { name: 'ops hook', enabled: false, events: [] });
    await h.queues.enqueue('test-notifications', { integrationId: hook.id, requestId: 'req-00000001' });
    const row = await logged(hook.id);
    expect(row).toMatchObject({ status: 'succeeded', attempt: 1, checkId: null, flipId: null, statusCode: 200, error: null });
    const req = receiver.requests.find((r) => r.path === '/ok');
    const body = JSON.parse(req?.body ?? '{}') as Record<string, string>;
    expect(body).toMatchObject({
      event: 'test',
      status: 'up',
      check_name: 'upmon test',
      link: `https://upmon.test/projects/${project.id}/integrations/${hook.id}`,
    });
    expect(body.message).toContain('test notification from upmon for the integration "ops hook"');
  });

  it('a failure is logged once with its error, not retried', async () => {
    const project = await makeProject(h.prisma);
    const hook = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/broken` });
    await h.queues.enqueue('test-notifications', { integrationId: hook.id, requestId: 'req-00000002' });
    const row = await logged(hook.id);
    expect(row).toMatchObject({ status: 'failed', statusCode: 404 });
    expect(row.error).toMatch(/404/);
    // The job is finished (test notifications have one attempt): nothing more can be sent.
    const job = await h.queues.queue('test-notifications').getJob(`test-notification-${hook.id}-req-00000002`);
    await eventually(async () => ['completed', 'failed'].includes(String(await job?.getState())));
    expect(await h.prisma.notificationDelivery.count({ where: { integrationId: hook.id } })).toBe(1);
    expect(receiver.requests.filter((r) => r.path === '/broken')).toHaveLength(1);
  });

  it('is refused where an alert would be: an unverified e-mail address, an SMS over the monthly quota', async () => {
    const project = await makeProject(h.prisma);
    await h.prisma.account.update({ where: { id: project.accountId }, data: { smsMonthlyQuota: 0 } });
    const mail = await makeIntegration(h.prisma, project.id, 'email', { email: 'stranger@example.com' }, { emailVerifiedAt: null });
    const sms = await makeIntegration(h.prisma, project.id, 'sms', { phone: '+15551110009' });
    await h.queues.enqueue('test-notifications', { integrationId: mail.id, requestId: 'req-00000004' });
    await h.queues.enqueue('test-notifications', { integrationId: sms.id, requestId: 'req-00000005' });
    expect(await logged(mail.id)).toMatchObject({ status: 'failed', statusCode: null, error: 'e-mail address not verified: open the link mailed to it first' });
    const refused = await logged(sms.id);
    expect(refused.status).toBe('failed');
    expect(refused.error).toMatch(/quota/i);
    expect(await h.prisma.smsUsage.findMany({ where: { accountId: project.accountId, sent: { gt: 0 } } })).toEqual([]);
  });

  it('telegram without a linked chat says so', async () => {
    const project = await makeProject(h.prisma);
    const tg = await makeIntegration(h.prisma, project.id, 'telegram', {});
    await h.queues.enqueue('test-notifications', { integrationId: tg.id, requestId: 'req-00000003' });
    const row = await logged(tg.id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatch(/TELEGRAM_BOT_TOKEN|no Telegram chat is linked/);
  });
});
