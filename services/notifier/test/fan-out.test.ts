import { makeCheck, makeHttpCheck, makeProbeCheck, makeProject, sealPingBody } from '@upmon/testing';
import { handFlipsBack, makeFlip, makeIntegration } from './support/fixtures.js';
import type { Harness } from './support/notifier-harness.js';
import { NotifierServices } from './support/notifier-services.js';
import type { RecordingServer } from '@upmon/testing';

describe('fan-out of flips to integrations', () => {
  const services = new NotifierServices();
  let h: Harness;
  let receiver: RecordingServer;

  beforeAll(async () => {
    await services.open();
    ({ h, receiver } = services);
  });
  afterAll(() => services.close());

  const hooksFor = (name: string) => receiver.requests.filter((r) => r.path === `/${name}`);
  const settle = () => h.settle();

  it('sends to integrations of the same project that are enabled, subscribed and share a tag', async () => {
    const project = await makeProject(h.prisma);
    const otherProject = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { tags: ['prod', 'db'], status: 'up' });
    const hook = (name: string) => ({ url: `${receiver.url}/${name}` });
    await makeIntegration(h.prisma, project.id, 'webhook', hook('all'));
    await makeIntegration(h.prisma, project.id, 'webhook', hook('down-only'), { events: ['down'] });
    await makeIntegration(h.prisma, project.id, 'webhook', hook('up-only'), { events: ['up'] });
    await makeIntegration(h.prisma, project.id, 'webhook', hook('db-tag'), { tags: ['db', 'x'] });
    await makeIntegration(h.prisma, project.id, 'webhook', hook('web-tag'), { tags: ['web'] });
    await makeIntegration(h.prisma, project.id, 'webhook', hook('empty-tags'), { tags: [] });
    await makeIntegration(h.prisma, project.id, 'webhook', hook('disabled'), { enabled: false });
    await makeIntegration(h.prisma, otherProject.id, 'webhook', hook('other-project'));

    const late = await makeFlip(h.prisma, check, 'up', 'late');
    const down = await makeFlip(h.prisma, check, 'late', 'down');
    const up = await makeFlip(h.prisma, check, 'down', 'up');
    await settle();

    const events = (name: string) =>
      hooksFor(name)
        .map((r) => JSON.parse(r.body).event)
        .sort();
    expect(events('all')).toEqual(['down', 'late', 'up']);
    expect(events('down-only')).toEqual(['down']);
    expect(events('up-only')).toEqual(['up']);
    expect(events('db-tag')).toEqual(['down', 'late', 'up']);
    expect(events('web-tag')).toEqual([]);
    expect(events('empty-tags')).toEqual([]);
    expect(events('disabled')).toEqual([]);
    expect(events('other-project')).toEqual([]);
  });

  it('a check with an explicit assignment notifies exactly the assigned integrations, whatever their tags', async () => {
    const project = await makeProject(h.prisma);
    const hook = (name: string) => ({ url: `${receiver.url}/${name}` });
    const a = await makeIntegration(h.prisma, project.id, 'webhook', hook('assigned-a'), { tags: ['elsewhere'] });
    const b = await makeIntegration(h.prisma, project.id, 'webhook', hook('assigned-b'));
    await makeIntegration(h.prisma, project.id, 'webhook', hook('unassigned-all'));
    await makeIntegration(h.prisma, project.id, 'webhook', hook('unassigned-tag'), { tags: ['prod'] });
    const disabled = await makeIntegration(h.prisma, project.id, 'webhook', hook('assigned-disabled'), { enabled: false });
    const check = await makeCheck(h.prisma, project.id, { tags: ['prod'], status: 'up' });
    await h.prisma.check.update({ where: { id: check.id }, data: { integrationsExplicit: true, integrationIds: [a.id, b.id, disabled.id] } });
    const none = await makeCheck(h.prisma, project.id, { tags: ['prod'], status: 'up' });
    await h.prisma.check.update({ where: { id: none.id }, data: { integrationsExplicit: true, integrationIds: [] } });

    await makeFlip(h.prisma, check, 'up', 'down');
    await makeFlip(h.prisma, none, 'up', 'down');
    await settle();
    const checksHeard = (name: string) => hooksFor(name).map((r) => JSON.parse(r.body).check_id);
    expect(checksHeard('assigned-a')).toEqual([check.id]);
    expect(checksHeard('assigned-b')).toEqual([check.id]);
    expect(checksHeard('unassigned-all')).toEqual([]);
    expect(checksHeard('unassigned-tag')).toEqual([]);
    expect(checksHeard('assigned-disabled')).toEqual([]);
  });

  it('delivers a flip fanned out twice once (deterministic job ids)', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/dedupe` });
    const flip = await makeFlip(h.prisma, check, 'up', 'down');
    await settle();
    expect(await h.prisma.flip.findUnique({ where: { id: flip.id } })).toMatchObject({ fannedOutAt: expect.any(Date) });
    // Handed back twice (as the Redis recovery does): fanned out again, delivered once.
    for (let i = 0; i < 2; i++) {
      await handFlipsBack(h.prisma, [flip.id]);
      await settle();
    }
    expect(hooksFor('dedupe')).toHaveLength(1);
  });

  it('does not send a delivery again when its job runs again after success (e.g. Redis lost the completion)', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const integration = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/rerun` });
    const flip = await makeFlip(h.prisma, check, 'up', 'down');
    await settle();
    // Same payload under a fresh job id: only the delivery log can stop the second send.
    await h.queues.enqueue(
      'deliveries',
      { integrationId: integration.id, checkId: check.id, event: 'down', flipId: flip.id.toString() },
      { jobId: 'rerun-copy' },
    );
    await settle();
    expect(hooksFor('rerun')).toHaveLength(1);
  });

  it('notifies nothing for pauses, resumes, quota pauses and new → up', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id);
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/quiet` });
    const flips = [
      await makeFlip(h.prisma, check, 'new', 'up', { reason: 'ping' }),
      await makeFlip(h.prisma, check, 'up', 'paused', { reason: 'manual' }),
      await makeFlip(h.prisma, check, 'paused', 'up', { reason: 'resumed' }),
      await makeFlip(h.prisma, check, 'up', 'paused', { reason: 'quota' }),
      await makeFlip(h.prisma, check, 'paused', 'new', { reason: 'resumed' }),
    ];
    // Written fanned out, they never wait; handed back (a Redis recovery), they are only marked.
    expect(flips.every((f) => f.fannedOutAt !== null)).toBe(true);
    await handFlipsBack(
      h.prisma,
      flips.map((f) => f.id),
    );
    await settle();
    expect(hooksFor('quiet')).toHaveLength(0);
    expect(await h.prisma.notificationDelivery.count({ where: { checkId: check.id } })).toBe(0);
  });

  it('fans out nothing for a check deleted before its flip was claimed', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/deleted` });
    await services.stopNotifier();
    try {
      await makeFlip(h.prisma, check, 'up', 'down');
      await h.prisma.check.delete({ where: { id: check.id } }); // its flips go with it
    } finally {
      await services.startNotifier();
    }
    await settle();
    expect(hooksFor('deleted')).toHaveLength(0);
    expect(await h.queues.queue('deliveries').getFailedCount()).toBe(0);
  });

  it('flips committed while no notifier runs wait in PostgreSQL and are sent when one starts', async () => {
    const project = await makeProject(h.prisma);
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/waited` });
    await services.stopNotifier();
    const checks = [];
    try {
      for (let i = 0; i < 3; i++) {
        const check = await makeCheck(h.prisma, project.id, { status: 'up' });
        await makeFlip(h.prisma, check, 'up', 'down');
        checks.push(check.id);
      }
      expect(await h.prisma.flip.count({ where: { checkId: { in: checks }, fannedOutAt: null } })).toBe(3);
    } finally {
      await services.startNotifier();
    }
    await settle();
    expect(
      hooksFor('waited')
        .map((r) => JSON.parse(r.body).check_id)
        .sort(),
    ).toEqual([...checks].sort());
  });

  it('schedules reminders for a down flip, once per (integration, hour)', async () => {
    const project = await makeProject(h.prisma);
    const check = await makeCheck(h.prisma, project.id, { status: 'up' });
    const withReminders = await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/rem` }, { reminders: [24, 1, 3] });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/rem-up-only` }, { events: ['up'], reminders: [1] });
    const downAt = new Date('2026-11-22T01:00:00Z');
    const down = await makeFlip(h.prisma, check, 'up', 'down', { ts: downAt });
    await settle();
    const reminders = await h.prisma.reminder.findMany({ where: { checkId: check.id }, orderBy: { hours: 'asc' } });
    expect(reminders.map((r) => [r.integrationId, r.hours, r.dueAt.toISOString()])).toEqual([
      [withReminders.id, 1, '2026-11-22T02:00:00.000Z'],
      [withReminders.id, 3, '2026-11-22T04:00:00.000Z'],
      [withReminders.id, 24, '2026-11-23T01:00:00.000Z'],
    ]);
    // Fanned out again (handed back by a Redis recovery): no duplicate reminders.
    await handFlipsBack(h.prisma, [down.id]);
    await settle();
    expect(await h.prisma.reminder.count({ where: { checkId: check.id } })).toBe(3);

    // A recovery needs no clean-up here: the reminders task checks the episode when one falls due.
    const up = await makeFlip(h.prisma, check, 'down', 'up');
    await settle();
    expect(await h.prisma.reminder.count({ where: { checkId: check.id } })).toBe(3);
  });

  it('names the ping that caused fail, exit and short_run flips (read for the deliveries in flight together), a probed flip its own cause', async () => {
    const project = await makeProject(h.prisma);
    const job = await makeCheck(h.prisma, project.id, { status: 'up' });
    const quick = await makeCheck(h.prisma, project.id, { status: 'up', minRunSec: 60 });
    const site = await makeHttpCheck(h.prisma, project.id, { url: 'https://example.com/' }, { status: 'up' });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/cause` });
    const at = new Date();
    const before = new Date(at.getTime() - 5000);
    await h.prisma.ping.createMany({
      data: [
        { checkId: job.id, ts: before, type: 'exit', exitStatus: 3, method: 'POST' },
        { checkId: quick.id, ts: before, type: 'success', method: 'GET', durationMs: 12_000, note: 'run took 12 s, shorter than the minimum of 60 s' },
      ],
    });
    const exited = await makeFlip(h.prisma, job, 'up', 'down', { reason: 'exit', ts: at });
    const failed = await makeFlip(h.prisma, site, 'up', 'down', {
      reason: 'fail',
      ts: at,
      locations: ['local'],
      cause: [{ location: 'local', at, explanation: 'HTTP 503 (expected 2xx,3xx)' }],
    });
    await makeFlip(h.prisma, quick, 'up', 'down', { reason: 'short_run', ts: at });
    await settle();
    const sent = new Map(
      hooksFor('cause')
        .map((r) => JSON.parse(r.body) as Record<string, string>)
        .map((b) => [b.check_id, b]),
    );
    expect(sent.get(job.id)?.reason_text).toBe('the job exited with status 3');
    expect(sent.get(site.id)?.message).toContain('Details: HTTP 503 (expected 2xx,3xx)');
    expect(sent.get(quick.id)?.reason_text).toBe('the run was shorter than its minimum run time');
    expect(sent.get(quick.id)?.message).toContain('Details: run took 12 s, shorter than the minimum of 60 s');
  });

  it('a probed check of any kind says why in every message and in the webhook detail placeholder', async () => {
    const project = await makeProject(h.prisma);
    const port = await makeProbeCheck(h.prisma, project.id, 'tcp', { host: 'db.example.com', port: 5432 }, { status: 'up' });
    const zone = await makeProbeCheck(h.prisma, project.id, 'dns', { name: 'example.com' }, { status: 'up' });
    const beat = await makeCheck(h.prisma, project.id, { status: 'up' });
    await makeIntegration(h.prisma, project.id, 'webhook', {
      url: `${receiver.url}/why`,
      body_template: '{"id": "{{check_id}}", "detail": "{{detail}}"}',
    });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/why-default` });
    const at = new Date();
    const before = new Date(at.getTime() - 5000);
    const dnsWhy = 'A example.com: 192.0.2.7 (expected any of: 192.0.2.1)';
    await h.prisma.ping.create({
      data: { checkId: beat.id, ts: before, type: 'fail', method: 'POST', body: sealPingBody(beat.id, 'job output, not forwarded') },
    });
    const probed = (explanation: string) => ({ reason: 'fail' as const, ts: at, locations: ['local'], cause: [{ location: 'local', at, explanation }] });
    await makeFlip(h.prisma, port, 'up', 'down', probed('connection refused'));
    await makeFlip(h.prisma, zone, 'up', 'down', probed(dnsWhy));
    await makeFlip(h.prisma, beat, 'up', 'down', { reason: 'fail', ts: at });
    await settle();
    const templated = new Map(hooksFor('why').map((r) => [JSON.parse(r.body).id as string, JSON.parse(r.body).detail as string]));
    expect(templated.get(port.id)).toBe('connection refused');
    expect(templated.get(zone.id)).toBe(dnsWhy);
    expect(templated.get(beat.id)).toBe('');
    const defaults = new Map(hooksFor('why-default').map((r) => [JSON.parse(r.body).check_id as string, JSON.parse(r.body) as Record<string, string>]));
    expect(defaults.get(port.id)).toMatchObject({ detail: 'connection refused', reason_text: 'the endpoint failed its probes' });
    expect(defaults.get(port.id)?.message).toContain('Details: connection refused');
    expect(defaults.get(beat.id)).not.toHaveProperty('detail');
  });

  it('a probed check decided by several locations names them with the results that decided the flip (docs/locations.md)', async () => {
    const project = await makeProject(h.prisma);
    const site = await makeHttpCheck(h.prisma, project.id, { url: 'https://example.com/' }, { status: 'up' });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/where`, body_template: '{"status": "{{status}}", "detail": "{{detail}}"}' });
    const at = new Date();
    const later = (ms: number) => new Date(at.getTime() + ms);
    const refused = 'connect EINVAL 192.0.2.1:443';
    // Another location's success lands between the flip and the notifier's read: it decided nothing.
    await h.prisma.ping.create({ data: { checkId: site.id, ts: later(500), type: 'success', method: 'GET', body: sealPingBody(site.id, 'HTTP 200') } });
    await makeFlip(h.prisma, site, 'up', 'down', {
      reason: 'fail',
      ts: at,
      locations: ['eu-central', 'us-east'],
      cause: [
        { location: 'eu-central', at: later(-20_000), explanation: refused },
        { location: 'us-east', at, explanation: refused },
      ],
    });
    await settle();
    await makeFlip(h.prisma, site, 'down', 'up', {
      reason: 'ping',
      ts: later(180_000),
      locations: ['ap-south', 'eu-central'],
      cause: [
        { location: 'ap-south', at: later(30_000), explanation: 'HTTP 200' },
        { location: 'eu-central', at: later(180_000), explanation: 'HTTP 200' },
      ],
    });
    await settle();
    expect(hooksFor('where').map((r) => JSON.parse(r.body))).toEqual([
      { status: 'down', detail: `Failed in eu-central (20 s earlier), us-east: ${refused}` },
      { status: 'up', detail: 'Answering in ap-south (2 min 30 s earlier), eu-central: HTTP 200' },
    ]);
  });

  it('a check probed from the one default location gets the explanation alone, on up alerts too', async () => {
    const project = await makeProject(h.prisma);
    const site = await makeHttpCheck(h.prisma, project.id, { url: 'https://example.com/' }, { status: 'up' });
    await makeIntegration(h.prisma, project.id, 'webhook', { url: `${receiver.url}/single`, body_template: '{"detail": "{{detail}}"}' });
    const at = new Date();
    await makeFlip(h.prisma, site, 'up', 'down', { reason: 'fail', ts: at, locations: ['local'], cause: [{ location: 'local', at, explanation: 'HTTP 502' }] });
    await settle();
    const back = new Date(at.getTime() + 60_000);
    await makeFlip(h.prisma, site, 'down', 'up', {
      reason: 'ping',
      ts: back,
      locations: ['local'],
      cause: [{ location: 'local', at: back, explanation: 'HTTP 200' }],
    });
    await settle();
    expect(hooksFor('single').map((r) => JSON.parse(r.body))).toEqual([{ detail: 'HTTP 502' }, { detail: 'HTTP 200' }]);
  });
});
