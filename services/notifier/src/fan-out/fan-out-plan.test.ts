import type { WaitingFlip } from '@upmon/check-store';
import { planFanOut } from './fan-out-plan.js';
import type { CheckAudience, FanOutIntegration } from './fan-out-store.js';

const CHECK = '00000000-0000-4000-8000-000000000001';
const integration = (id: number, extra: Partial<FanOutIntegration> = {}): FanOutIntegration => ({
  id,
  enabled: true,
  events: ['down', 'up', 'late'],
  tags: null,
  reminders: null,
  escalateAfterMin: null,
  ...extra,
});
const audience = (...integrations: FanOutIntegration[]): Map<string, CheckAudience> =>
  new Map([[CHECK, { checkId: CHECK, tags: [], integrationIds: null, integrations }]]);
const flip = (id: string, oldStatus: WaitingFlip['oldStatus'], newStatus: WaitingFlip['newStatus'], ts: string): WaitingFlip => ({
  id,
  checkId: CHECK,
  projectId: '00000000-0000-4000-8000-0000000000ff',
  oldStatus,
  newStatus,
  reason: 'timeout',
  ts: new Date(ts),
});

describe('planFanOut: escalation delays', () => {
  it('delivers a down at once to an integration without a delay (null or 0) and plans an escalation for a delayed one', () => {
    const plan = planFanOut(
      [flip('10', 'up', 'down', '2026-03-01T10:00:00Z')],
      audience(integration(1), integration(2, { escalateAfterMin: 0 }), integration(3, { escalateAfterMin: 15 })),
    );
    expect(plan.deliveries.map((d) => d.integrationId)).toEqual([1, 2]);
    expect(plan.escalations).toEqual([{ integrationId: 3, checkId: CHECK, flipId: '10', dueAt: new Date('2026-03-01T10:15:00Z') }]);
  });

  it('still plans the reminders of a delayed integration (the scheduler sends them only after its escalation)', () => {
    const plan = planFanOut([flip('10', 'up', 'down', '2026-03-01T10:00:00Z')], audience(integration(3, { escalateAfterMin: 30, reminders: [1] })));
    expect(plan.deliveries).toEqual([]);
    expect(plan.reminders).toEqual([{ integrationId: 3, checkId: CHECK, flipId: '10', hours: 1, dueAt: new Date('2026-03-01T11:00:00Z') }]);
  });

  it('counts the delay in absolute minutes across the Berlin spring-forward gap', () => {
    // 01:50 CET; 02:00-03:00 does not exist on 2026-03-29: 30 minutes later is 03:20 CEST.
    const plan = planFanOut([flip('10', 'up', 'down', '2026-03-29T00:50:00Z')], audience(integration(3, { escalateAfterMin: 30 })));
    expect(plan.escalations[0]?.dueAt).toEqual(new Date('2026-03-29T01:20:00Z'));
  });

  it('does not delay late or up events', () => {
    const delayed = integration(3, { escalateAfterMin: 15 });
    const plan = planFanOut([flip('11', 'up', 'late', '2026-03-01T10:00:00Z'), flip('12', 'late', 'up', '2026-03-01T10:05:00Z')], audience(delayed));
    expect(plan.deliveries.map((d) => [d.event, d.integrationId])).toEqual([
      ['late', 3],
      ['up', 3],
    ]);
    expect(plan.escalations).toEqual([]);
  });

  it('sends the up ending an episode to a delayed integration only if its escalation was sent', () => {
    const up = flip('20', 'down', 'up', '2026-03-01T10:30:00Z');
    const ints = audience(
      integration(1),
      integration(3, { escalateAfterMin: 15 }),
      integration(4, { escalateAfterMin: 15 }),
      integration(5, { escalateAfterMin: 15 }),
    );
    // 3: escalation sent; 4: escalation never sent; 5: no escalation row (it had no delay when the check went down).
    const plan = planFanOut(
      [up],
      ints,
      new Map([
        [
          '20',
          new Map([
            [3, true],
            [4, false],
          ]),
        ],
      ]),
    );
    expect(plan.deliveries.map((d) => d.integrationId)).toEqual([1, 3, 5]);
  });

  it('a down and its up claimed in one batch: the up skips the delayed integration (its escalation, planned here, is unsent)', () => {
    const plan = planFanOut(
      [flip('30', 'up', 'down', '2026-03-01T10:00:00Z'), flip('31', 'down', 'up', '2026-03-01T10:00:05Z')],
      audience(integration(1), integration(3, { escalateAfterMin: 15 })),
    );
    expect(plan.deliveries.map((d) => [d.event, d.integrationId])).toEqual([
      ['down', 1],
      ['up', 1],
    ]);
    expect(plan.escalations.map((e) => e.flipId)).toEqual(['30']);
  });

  it('the same two flips fanned out again (Redis recovery) after the escalation was sent: the up goes to it', () => {
    const plan = planFanOut(
      [flip('30', 'up', 'down', '2026-03-01T10:00:00Z'), flip('31', 'down', 'up', '2026-03-01T10:20:00Z')],
      audience(integration(3, { escalateAfterMin: 15 })),
      new Map([['31', new Map([[3, true]])]]),
    );
    expect(plan.deliveries.map((d) => [d.event, d.integrationId])).toEqual([['up', 3]]);
  });

  it('keeps to the events and tags rules for delayed integrations', () => {
    const plan = planFanOut(
      [flip('10', 'up', 'down', '2026-03-01T10:00:00Z')],
      audience(integration(3, { escalateAfterMin: 15, events: ['up'] }), integration(4, { escalateAfterMin: 15, enabled: false })),
    );
    expect(plan).toEqual({ deliveries: [], reminders: [], escalations: [] });
  });
});
