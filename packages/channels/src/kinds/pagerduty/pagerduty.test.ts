import { CHECK_ID, CHECK_LINK, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

const KEY = 'R0UT1NGKEY0123456789abcdefABCDEF';

/**
 * Events API v2: POST /v2/enqueue, JSON; `routing_key` (32), `event_action` trigger|acknowledge|
 * resolve; trigger needs `payload.summary` (≤ 1024), `payload.source`, `payload.severity`
 * critical|error|warning|info; `dedup_key` ≤ 255. 202 `{status: "success", dedup_key}`; 400
 * `{status: "invalid event", message, errors: [...]}`; 429 when throttled.
 */
describe('pagerduty', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/pagerduty/v2/enqueue', {
      problems: (req) => {
        const e = JSON.parse(req.body);
        return [
          ...expectThat.method(req, 'POST'),
          ...expectThat.header(req, 'content-type', 'application/json'),
          ...(e.routing_key?.length === 32 ? [] : ['routing_key must be 32 characters']),
          ...expectThat.oneOf(e.event_action, 'event_action', ['trigger', 'acknowledge', 'resolve']),
          ...expectThat.string(e.dedup_key, 'dedup_key', 255),
          ...(e.event_action === 'trigger'
            ? [
                ...expectThat.string(e.payload?.summary, 'payload.summary', 1024),
                ...expectThat.string(e.payload?.source, 'payload.source', 255),
                ...expectThat.oneOf(e.payload?.severity, 'payload.severity', ['critical', 'error', 'warning', 'info']),
              ]
            : []),
        ];
      },
      accept: (req) => ({ status: 202, body: JSON.stringify({ status: 'success', message: 'Event processed', dedup_key: JSON.parse(req.body).dedup_key }) }),
      reject: (_req, errors) => ({ status: 400, body: JSON.stringify({ status: 'invalid event', message: 'Event object is invalid', errors }) }),
    });
  });
  afterAll(() => kit.close());

  it('triggers on down, late and reminders, resolves on up, by the check id', async () => {
    for (const n of Object.values(samples)) await kit.send('pagerduty', { routing_key: KEY }, n);
    const [down, up, late, reminder, digestDown, digestUp, test] = kit.requestsTo('/pagerduty').map((r) => jsonOf(r));
    expect(down).toMatchObject({ routing_key: KEY, event_action: 'trigger', dedup_key: CHECK_ID, client_url: CHECK_LINK });
    expect(down.payload).toMatchObject({ severity: 'critical', source: 'upmon', component: 'Nightly "backup" <db>' });
    expect(down.links).toContainEqual({ href: samples.down.ackLink, text: 'Acknowledge in upmon' });
    expect(up).toEqual({ routing_key: KEY, event_action: 'resolve', dedup_key: CHECK_ID });
    expect(late.payload.severity).toBe('warning');
    expect([reminder.event_action, digestDown.event_action, digestUp.event_action, test.event_action]).toEqual(['trigger', 'trigger', 'resolve', 'resolve']);
    expect(kit.problems).toEqual([]);
  });
});
