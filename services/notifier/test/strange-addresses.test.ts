import { eventually, makeCheck, makeProject, startService, stubDns, type ServiceProcess } from '@upmon/testing';
import { makeFlip, makeIntegration } from './support/fixtures.js';
import { createHarness, type Harness } from './support/notifier-harness.js';
import { startRecordingServer, type RecordingServer } from '@upmon/testing';

// A built notifier process (`pnpm build` first) whose resolver answers with addresses that once
// made the outbound guard throw inside the DNS lookup callback, which ended the process.
describe('a notifier given addresses the guard once choked on', () => {
  let h: Harness;
  let receiver: RecordingServer;
  let notifier: ServiceProcess;

  beforeAll(async () => {
    receiver = await startRecordingServer();
    h = await createHarness({ LOG_LEVEL: 'warn', OUTBOUND_ALLOW_CIDRS: '127.0.0.0/8,169.254.0.0/16,64:ff9b::/96' });
    const dns = stubDns({ 'translated.test': ['::ffff:0:c0a8:101'], 'nat64-metadata.test': ['64:ff9b::a9fe:a9fe'], 'hooks.test': ['127.0.0.1'] });
    notifier = await startService('notifier', { ...h.env, ...dns.env }, { nodeArgs: dns.nodeArgs });
  });

  afterAll(async () => {
    await notifier?.stop();
    await h?.close();
    await receiver?.close();
  });

  async function deliverTo(url: string) {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const integration = await makeIntegration(h.prisma, project.id, 'webhook', { url });
    await makeFlip(h.prisma, check, 'up', 'down');
    return eventually(
      () => h.prisma.notificationDelivery.findFirst({ where: { integrationId: integration.id, status: { in: ['succeeded', 'failed'] } } }),
      15_000,
    );
  }

  it('logs the delivery to an IPv4-translated private address (::ffff:0:192.168.1.1) as failed, not retried, and stays up', async () => {
    const log = await deliverTo(`http://translated.test:${receiver.port}/hook`);
    expect(log).toMatchObject({ status: 'failed', attempt: 1 });
    expect(log?.error).toContain('blocked translated.test: private address (not in OUTBOUND_ALLOW_CIDRS)');
  });

  it('refuses the metadata service behind NAT64 although the range is allowed', async () => {
    const log = await deliverTo('http://nat64-metadata.test/latest/meta-data/');
    expect(log?.status).toBe('failed');
    expect(log?.error).toContain('blocked nat64-metadata.test: cloud metadata address (never allowed)');
  });

  it('is still alive and delivers to an allowed address afterwards', async () => {
    expect(notifier.child.exitCode).toBeNull();
    const log = await deliverTo(`http://hooks.test:${receiver.port}/ok`);
    expect(log?.status).toBe('succeeded');
    expect(receiver.accepted.some((r) => r.path === '/ok')).toBe(true);
    expect(receiver.requests.some((r) => r.path === '/hook')).toBe(false);
    expect(notifier.output()).not.toMatch(/uncaught|trying to convert/i);
  });
});
