import { buildNotification, checkLink, type MessageCheck } from './message.js';
import { reasonInWords } from './reasons.js';

const check: MessageCheck = { id: '0b8e1a52-54c4-4ea4-9d2e-6d2d0e0f0a01', name: 'nightly backup', kind: 'heartbeat', tags: ['prod', 'db'] };
const base = { check, appBaseUrl: 'https://app.example.com/', now: new Date('2026-11-22T08:00:00Z') };

describe('buildNotification: flip events', () => {
  it('down: status, previous status, reason in words, when, tags and a link', () => {
    const n = buildNotification({
      ...base,
      event: 'down',
      flip: { oldStatus: 'late', newStatus: 'down', reason: 'timeout', ts: new Date('2026-11-22T07:40:12.345Z') },
      previousSince: new Date('2026-11-22T07:35:00Z'),
    });
    expect(n.subject).toBe('DOWN | nightly backup');
    expect(n.status).toBe('down');
    expect(n.previousStatus).toBe('late');
    expect(n.severity).toBe('critical');
    expect(n.link).toBe(`https://app.example.com/checks/${check.id}`);
    expect(n.text).toContain('nightly backup is DOWN: no ping arrived within the grace period after the expected time.');
    expect(n.text).toContain('Status: DOWN (was LATE)');
    expect(n.text).toContain('When: 2026-11-22 07:40:12 UTC');
    expect(n.text).toContain('Tags: prod db');
    expect(n.text).toContain(n.link);
    expect(n.text).not.toContain('Down for'); // only on recovery
    expect(n.values).toEqual({
      event: 'down',
      check_id: check.id,
      check_name: 'nightly backup',
      status: 'down',
      previous_status: 'late',
      reason: 'timeout',
      ts: '2026-11-22T07:40:12.345+00:00',
      tags: 'prod db',
      subject: 'DOWN | nightly backup',
      message: n.text,
    });
    expect(n.short).toContain('DOWN | nightly backup');
    expect(n.short).toContain(n.link);
  });

  it('up after down says how long it was down', () => {
    const n = buildNotification({
      ...base,
      event: 'up',
      flip: { oldStatus: 'down', newStatus: 'up', reason: 'ping', ts: new Date('2026-11-22T09:05:30Z') },
      previousSince: new Date('2026-11-22T07:40:00Z'),
    });
    expect(n.subject).toBe('UP | nightly backup');
    expect(n.severity).toBe('ok');
    expect(n.fields).toContainEqual({ label: 'Down for', value: '1 h 25 min (since 2026-11-22 07:40:00 UTC)' });
    expect(n.text).toContain('Down for: 1 h 25 min');
    expect(n.reasonText).toBe('a success ping arrived');
  });

  it('up after late says how long it was late', () => {
    const n = buildNotification({
      ...base,
      event: 'up',
      flip: { oldStatus: 'late', newStatus: 'up', reason: 'ping', ts: new Date('2026-11-22T08:00:45Z') },
      previousSince: new Date('2026-11-22T08:00:00Z'),
    });
    expect(n.fields).toContainEqual({ label: 'Late for', value: '45 s (since 2026-11-22 08:00:00 UTC)' });
  });

  it('late is a warning', () => {
    const n = buildNotification({ ...base, event: 'late', flip: { oldStatus: 'up', newStatus: 'late', reason: 'timeout', ts: base.now }, previousSince: null });
    expect(n.subject).toBe('LATE | nightly backup');
    expect(n.severity).toBe('warning');
    expect(n.color).toBe('#f0a92e');
    expect(n.headline).toContain('no ping arrived at the expected time');
  });

  it('includes the exit status and details when known', () => {
    const n = buildNotification({
      ...base,
      check: { ...check, kind: 'http', tags: [] },
      event: 'down',
      flip: { oldStatus: 'up', newStatus: 'down', reason: 'exit', ts: base.now },
      previousSince: null,
      exitStatus: 3,
      detail: 'HTTP 503 (expected 2xx,3xx)',
    });
    expect(n.text).toContain('the job exited with status 3');
    expect(n.text).toContain('Details: HTTP 503 (expected 2xx,3xx)');
    expect(n.text).not.toContain('Tags:');
    expect(n.values.tags).toBe('');
  });
});

describe('buildNotification: reminders and digests', () => {
  it('reminder says how long it has been down', () => {
    const n = buildNotification({ ...base, event: 'reminder', downSince: new Date('2026-11-22T05:00:00Z'), reason: 'fail' });
    expect(n.subject).toBe('STILL DOWN | nightly backup');
    expect(n.headline).toBe('nightly backup is still DOWN, for 3 h now (since 2026-11-22 05:00:00 UTC).');
    expect(n.values.event).toBe('reminder');
    expect(n.values.reason).toBe('fail');
    expect(n.values.status).toBe('down');
    expect(n.severity).toBe('critical');
  });

  it('digest reports the latest status and lists the held events in order', () => {
    const n = buildNotification({
      ...base,
      event: 'digest',
      status: 'up',
      since: new Date('2026-11-22T06:30:00Z'),
      held: [
        { event: 'up', ts: new Date('2026-11-22T06:30:00Z') },
        { event: 'down', ts: new Date('2026-11-22T01:10:00Z') },
        { event: 'reminder', ts: new Date('2026-11-22T02:10:00Z') },
      ],
    });
    expect(n.subject).toBe('UP | nightly backup (3 held during quiet hours)');
    expect(n.status).toBe('up');
    expect(n.previousStatus).toBeNull();
    expect(n.headline).toBe(
      'nightly backup is UP since 2026-11-22 06:30:00 UTC (for 1 h 30 min). During quiet hours: DOWN at 2026-11-22 01:10:00 UTC; still down (reminder) at 2026-11-22 02:10:00 UTC; UP at 2026-11-22 06:30:00 UTC.',
    );
    expect(n.text).toContain('Held events:\n  DOWN at 2026-11-22 01:10:00 UTC\n  still down (reminder) at');
    expect(n.values.event).toBe('digest');
    expect(n.values.previous_status).toBe('');
  });

  it('digest with one event and an unknown since', () => {
    const n = buildNotification({ ...base, event: 'digest', status: 'down', since: null, held: [{ event: 'down', ts: base.now }] });
    expect(n.subject).toBe('DOWN | nightly backup (1 held during quiet hours)');
    expect(n.reasonText).toBe('1 notification held during quiet hours');
  });
});

describe('checkLink', () => {
  it('joins without double slashes', () => {
    expect(checkLink('http://localhost:8000', 'x')).toBe('http://localhost:8000/checks/x');
    expect(checkLink('http://h/app//', 'x')).toBe('http://h/app/checks/x');
  });
});

describe('reasonInWords', () => {
  it.each([
    ['heartbeat', 'timeout', 'up', 'late', 'no ping arrived at the expected time'],
    ['heartbeat', 'timeout', 'late', 'down', 'no ping arrived within the grace period after the expected time'],
    ['heartbeat', 'timeout', 'up', 'down', 'a run was started but no completion ping arrived within the grace period'],
    ['http', 'timeout', 'late', 'down', 'no probe result arrived in time (the prober may be unable to run)'],
    ['heartbeat', 'fail', 'up', 'down', 'the job reported a failure (fail ping)'],
    ['http', 'fail', 'up', 'down', 'the endpoint failed its probes'],
    ['http', 'fail', 'up', 'late', 'a probe failed or the certificate expires soon; not yet confirmed down'],
    ['heartbeat', 'exit', 'up', 'down', 'the job exited with a non-zero status'],
    ['http', 'ping', 'down', 'up', 'the endpoint answered successfully again'],
    ['heartbeat', 'manual', 'up', 'paused', 'paused by a user'],
    ['heartbeat', 'resumed', 'paused', 'up', 'monitoring was resumed'],
    ['heartbeat', 'quota', 'up', 'paused', "paused: the account is over its plan's check quota"],
    ['heartbeat', 'short_run', 'up', 'down', 'the run was shorter than its minimum run time'],
  ] as const)('%s %s %s→%s', (kind, reason, from, to, words) => expect(reasonInWords(kind, reason, from, to)).toBe(words));
});

describe('buildNotification: flapping digests', () => {
  const ts = (min: number) => new Date(Date.UTC(2026, 10, 22, 7, min));
  it('says the check is flapping, how many changes, and its latest status', () => {
    const n = buildNotification({
      ...base,
      event: 'digest',
      status: 'down',
      since: ts(40),
      held: [
        { event: 'down', ts: ts(40), cause: 'flapping' },
        { event: 'up', ts: ts(31), cause: 'flapping' },
        { event: 'down', ts: ts(22), cause: 'flapping' },
      ],
    });
    expect(n.subject).toBe('DOWN | nightly backup (flapping, 3 changes)');
    expect(n.headline).toBe(
      'nightly backup is flapping: 3 status changes between 2026-11-22 07:22:00 UTC and 2026-11-22 07:40:00 UTC were collapsed into this message. It is DOWN now since 2026-11-22 07:40:00 UTC (for 20 min).',
    );
    expect(n.text).toContain('Changes:\n  DOWN at 2026-11-22 07:22:00 UTC\n  UP at 2026-11-22 07:31:00 UTC\n  DOWN at 2026-11-22 07:40:00 UTC');
    expect(n.severity).toBe('critical');
    expect(n.values.event).toBe('digest');
    expect(n.values.reason).toBe('flapping');
    expect(n.short).toContain('flapping: 3 status changes collapsed into one message');
  });

  it('one change, and a check that settled up', () => {
    const n = buildNotification({ ...base, event: 'digest', status: 'up', since: ts(5), held: [{ event: 'up', ts: ts(5), cause: 'flapping' }] });
    expect(n.subject).toBe('UP | nightly backup (flapping, 1 change)');
    expect(n.headline).toContain('1 status change at 2026-11-22 07:05:00 UTC was collapsed');
    expect(n.severity).toBe('ok');
  });

  it('lists only the latest 20 held events of a long episode', () => {
    const held = Array.from({ length: 50 }, (_, i) => ({
      event: i % 2 ? ('up' as const) : ('down' as const),
      ts: new Date(Date.UTC(2026, 10, 22, 6, i)),
      cause: 'flapping' as const,
    }));
    const n = buildNotification({ ...base, event: 'digest', status: 'up', since: null, held });
    expect(n.subject).toBe('UP | nightly backup (flapping, 50 changes)');
    const changes = n.fields.find((f) => f.label === 'Changes')?.value.split('\n') ?? [];
    expect(changes).toHaveLength(21);
    expect(changes[0]).toBe('(30 earlier not listed)');
    expect(changes[1]).toBe('DOWN at 2026-11-22 06:30:00 UTC');
    expect(changes[20]).toBe('UP at 2026-11-22 06:49:00 UTC');
  });
});

describe('buildNotification: a down held for a dependency', () => {
  const ts = (min: number) => new Date(Date.UTC(2026, 10, 22, 7, min));
  it('names the dependency that was down in the subject, headline and fields', () => {
    const n = buildNotification({
      ...base,
      event: 'digest',
      status: 'down',
      since: ts(10),
      held: [
        { event: 'reminder', ts: ts(50), cause: 'dependency', dependencyName: 'database' },
        { event: 'down', ts: ts(10), cause: 'dependency', dependencyName: 'database' },
      ],
    });
    expect(n.subject).toBe('DOWN | nightly backup (held while database was down)');
    expect(n.headline).toBe(
      'nightly backup is DOWN since 2026-11-22 07:10:00 UTC (for 50 min). This alert was held while its dependency database was down, which has recovered since: DOWN at 2026-11-22 07:10:00 UTC (held while database was down); still down (reminder) at 2026-11-22 07:50:00 UTC (held while database was down).',
    );
    expect(n.text).toContain('Held because: its dependency database was down');
    expect(n.severity).toBe('critical');
    expect(n.values.event).toBe('digest');
    expect(n.values.reason).toBe('dependency');
    expect(n.short).toContain('held while its dependency database was down');
  });

  it('a deleted dependency is named as such; quiet-hours rows in the same digest keep their plain label', () => {
    const n = buildNotification({
      ...base,
      event: 'digest',
      status: 'down',
      since: ts(10),
      held: [
        { event: 'down', ts: ts(10), cause: 'dependency', dependencyName: null },
        { event: 'reminder', ts: ts(40) },
      ],
    });
    expect(n.subject).toBe('DOWN | nightly backup (held while a deleted check was down)');
    expect(n.text).toContain(
      'Held events:\n  DOWN at 2026-11-22 07:10:00 UTC (held while a deleted check was down)\n  still down (reminder) at 2026-11-22 07:40:00 UTC',
    );
  });
});

describe('buildNotification: acknowledgement links', () => {
  const ackLink = 'https://app.example.com/ack/abc';
  it('a down or a reminder with a link lists "Acknowledge: <link>" in its fields, text and SMS line', () => {
    const down = buildNotification({
      ...base,
      ackLink,
      event: 'down',
      flip: { oldStatus: 'up', newStatus: 'down', reason: 'timeout', ts: new Date('2026-11-22T07:40:00Z') },
      previousSince: null,
    });
    const reminder = buildNotification({ ...base, ackLink, event: 'reminder', downSince: new Date('2026-11-22T07:00:00Z') });
    for (const n of [down, reminder]) {
      expect(n.ackLink).toBe(ackLink);
      expect(n.fields).toContainEqual({ label: 'Acknowledge', value: ackLink });
      expect(n.text).toContain(`Acknowledge: ${ackLink}`);
      expect(n.short).toContain(`Acknowledge: ${ackLink}`);
      expect(n.values.message).toContain(ackLink);
    }
  });

  it('without a link nothing is added', () => {
    const n = buildNotification({ ...base, event: 'reminder', downSince: new Date('2026-11-22T07:00:00Z') });
    expect(n.ackLink).toBeNull();
    expect(n.text).not.toContain('Acknowledge');
  });
});

describe('buildNotification: held during maintenance', () => {
  const ts = (min: number) => new Date(Date.UTC(2026, 10, 22, 7, min));
  it('says the maintenance ended and the check is still down, listing what was held', () => {
    const n = buildNotification({
      ...base,
      event: 'digest',
      status: 'down',
      since: ts(10),
      held: [
        { event: 'down', ts: ts(10), cause: 'maintenance', maintenanceName: 'db upgrade' },
        { event: 'reminder', ts: ts(40), cause: 'maintenance', maintenanceName: 'db upgrade' },
      ],
    });
    expect(n.subject).toBe('DOWN | nightly backup (still DOWN after maintenance)');
    expect(n.headline).toBe(
      'maintenance "db upgrade" has ended and nightly backup is still DOWN since 2026-11-22 07:10:00 UTC (for 50 min). Held during the maintenance: DOWN at 2026-11-22 07:10:00 UTC; still down (reminder) at 2026-11-22 07:40:00 UTC.',
    );
    expect(n.text).toContain('Held because: maintenance "db upgrade" was in progress');
    expect(n.values.reason).toBe('maintenance');
    expect(n.severity).toBe('critical');
  });

  it('a deleted window is named as such; a late check says LATE', () => {
    const n = buildNotification({
      ...base,
      event: 'digest',
      status: 'late',
      since: ts(10),
      held: [{ event: 'late', ts: ts(10), cause: 'maintenance', maintenanceName: null }],
    });
    expect(n.subject).toBe('LATE | nightly backup (still LATE after maintenance)');
    expect(n.short).toContain('1 notification held during a maintenance window, which has ended');
  });
});

describe('probed checks say why', () => {
  const flip = { oldStatus: 'up' as const, newStatus: 'down' as const, reason: 'fail' as const, ts: new Date('2026-11-22T07:40:12Z') };
  it('the probe result is in the fields, the text, the SMS line and the detail placeholder', () => {
    const detail = 'HTTP 200; condition failed: body $.status equals "ok" (was "down")';
    const n = buildNotification({ ...base, check: { ...check, kind: 'tls' }, event: 'down', flip, previousSince: null, detail });
    expect(n.detail).toBe(detail);
    expect(n.values.detail).toBe(detail);
    expect(n.fields).toContainEqual({ label: 'Details', value: detail });
    expect(n.text).toContain(`Details: ${detail}`);
    expect(n.short).toContain(`the endpoint failed its probes. ${detail}.`);
    const long = buildNotification({ ...base, check: { ...check, kind: 'dns' }, event: 'down', flip, previousSince: null, detail: 'x'.repeat(500) });
    expect(long.short).toContain(`${'x'.repeat(119)}…`);
  });
  it('without a detail there is no placeholder value (it renders empty)', () => {
    const n = buildNotification({ ...base, event: 'down', flip, previousSince: null });
    expect(n.detail).toBeNull();
    expect(n.values).not.toHaveProperty('detail');
  });
});
