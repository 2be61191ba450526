import { CHECK_ID, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

const API_KEY = '1a2b3c4d-5e6f-7081-92a3-b4c5d6e7f809';
const PATH = `/victorops/integrations/generic/20131114/alert/${API_KEY}/db-team`;

/**
 * Splunk On-Call REST endpoint: POST …/integrations/generic/20131114/alert/{api key}/{routing key},
 * JSON `message_type` CRITICAL|WARNING|INFO|ACKNOWLEDGEMENT|RECOVERY (required), `entity_id`
 * (identifies the incident; RECOVERY with the same id resolves it), `entity_display_name`,
 * `state_message`, `state_start_time` (epoch seconds), `monitoring_tool`. 200
 * `{result: "success", entity_id}`; a bad key 404 `{result: "failure", message}`.
 */
describe('victorops', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/victorops', {
      problems: (req) => {
        if (req.path !== PATH) return ['Invalid API key or routing key'];
        const a = JSON.parse(req.body);
        return [
          ...expectThat.method(req, 'POST'),
          ...expectThat.header(req, 'content-type', 'application/json'),
          ...expectThat.oneOf(a.message_type, 'message_type', ['CRITICAL', 'WARNING', 'INFO', 'ACKNOWLEDGEMENT', 'RECOVERY']),
          ...expectThat.string(a.entity_id, 'entity_id', 512),
          ...expectThat.string(a.state_message, 'state_message', 20_000),
          ...(Number.isInteger(a.state_start_time) ? [] : ['state_start_time must be epoch seconds']),
        ];
      },
      accept: (req) => ({ body: JSON.stringify({ result: 'success', entity_id: JSON.parse(req.body).entity_id }) }),
      reject: (_req, p) => ({ status: 404, body: JSON.stringify({ result: 'failure', message: p.join('; ') }) }),
    });
  });
  afterAll(() => kit.close());

  it('raises CRITICAL or WARNING and sends RECOVERY, by the check’s entity id', async () => {
    for (const n of Object.values(samples)) await kit.send('victorops', { api_key: API_KEY, routing_key: 'db-team' }, n);
    expect(kit.problems).toEqual([]);
    const alerts = kit.requestsTo('/victorops').map((r) => jsonOf(r));
    expect(alerts.map((a) => a.message_type)).toEqual(['CRITICAL', 'RECOVERY', 'WARNING', 'CRITICAL', 'CRITICAL', 'RECOVERY', 'RECOVERY']);
    expect(alerts[0]).toEqual({
      message_type: 'CRITICAL',
      entity_id: CHECK_ID,
      entity_display_name: 'DOWN | Nightly "backup" <db>',
      state_message: samples.down.text,
      state_start_time: Math.floor(samples.down.at.getTime() / 1000),
      monitoring_tool: 'upmon',
    });
    expect(alerts[1]?.entity_id).toBe(CHECK_ID);
  });

  it('a wrong key fails permanently, the key not in the message', async () => {
    const err = await kit.send('victorops', { api_key: 'bad-key-0000', routing_key: 'db-team' }, samples.down).catch((e: Error) => e);
    expect(err).toMatchObject({ kind: 'permanent', statusCode: 404, message: 'HTTP 404: Invalid API key or routing key' });
  });
});
