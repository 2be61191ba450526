import { CHECK_ID, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';
import type { RecordedRequest } from '@upmon/testing';

const KEY = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';

/**
 * Opsgenie Alert API (api.opsgenie.com, or api.eu.opsgenie.com for EU accounts):
 * `Authorization: GenieKey <API integration key>`.
 * - Create: POST /v2/alerts, JSON `message` (required, ≤ 130), `alias` (≤ 512), `description`
 *   (≤ 15,000), `details` (string map), `entity` (≤ 512), `source` (≤ 100), `priority` P1–P5,
 *   `tags` (≤ 20, each ≤ 50).
 * - Close: POST /v2/alerts/{identifier}/close?identifierType=alias, JSON `source`, `user`, `note`.
 * Both 202 `{result: "Request will be processed", took, requestId}`; 401/422 `{message, took}`;
 * 429 when over the rate limit.
 */
function alertProblems(req: RecordedRequest, region: 'us' | 'eu'): string[] {
  if (req.headers.authorization !== `GenieKey ${KEY}`) return ['Could not authenticate'];
  const base = `/opsgenie-${region}/v2/alerts`;
  const b = JSON.parse(req.body);
  const problems = [...expectThat.method(req, 'POST'), ...expectThat.header(req, 'content-type', 'application/json')];
  if (req.path === base) {
    problems.push(
      ...expectThat.string(b.message, 'message', 130),
      ...expectThat.string(b.alias, 'alias', 512),
      ...expectThat.string(b.description, 'description', 15_000),
      ...expectThat.string(b.entity, 'entity', 512),
      ...expectThat.string(b.source, 'source', 100),
      ...expectThat.oneOf(b.priority, 'priority', ['P1', 'P2', 'P3', 'P4', 'P5']),
      ...(Object.values(b.details).every((v) => typeof v === 'string') ? [] : ['details must be strings']),
      ...(b.tags.length <= 20 && b.tags.every((t: string) => t.length <= 50) ? [] : ['tags']),
    );
  } else if (/^\/opsgenie-(us|eu)\/v2\/alerts\/[^/?]+\/close\?identifierType=alias$/.test(req.path)) {
    problems.push(...expectThat.string(b.source, 'source', 100), ...expectThat.string(b.note, 'note', 25_000, false));
    if (!req.path.startsWith(base)) problems.push('wrong region');
  } else problems.push(`no such endpoint ${req.path}`);
  return problems;
}

describe('opsgenie', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    for (const region of ['us', 'eu'] as const) {
      kit.serve(`/opsgenie-${region}`, {
        problems: (req) => alertProblems(req, region),
        accept: () => ({ status: 202, body: JSON.stringify({ result: 'Request will be processed', took: 0.2, requestId: 'r1' }) }),
        reject: (_req, p) =>
          p[0] === 'Could not authenticate'
            ? { status: 401, body: JSON.stringify({ message: 'Could not authenticate', took: 0.0 }) }
            : { status: 422, body: JSON.stringify({ message: p.join('; '), took: 0.0 }) },
      });
    }
  });
  afterAll(() => kit.close());

  it('creates a P1 alert on down, P3 on late, closes it on recovery, all by the check’s alias', async () => {
    for (const n of Object.values(samples)) await kit.send('opsgenie', { api_key: KEY }, n);
    expect(kit.problems).toEqual([]);
    const reqs = kit.requestsTo('/opsgenie-us');
    expect(reqs.map((r) => r.path)).toEqual([
      '/opsgenie-us/v2/alerts',
      `/opsgenie-us/v2/alerts/${CHECK_ID}/close?identifierType=alias`,
      '/opsgenie-us/v2/alerts',
      '/opsgenie-us/v2/alerts',
      '/opsgenie-us/v2/alerts',
      `/opsgenie-us/v2/alerts/${CHECK_ID}/close?identifierType=alias`,
      '/opsgenie-us/v2/alerts/00000000-0000-0000-0000-000000000000/close?identifierType=alias',
    ]);
    const [down, up, late] = reqs.map((r) => jsonOf(r));
    expect(down).toMatchObject({ message: 'DOWN | Nightly "backup" <db>', alias: CHECK_ID, priority: 'P1', source: 'upmon', tags: ['prod', 'db'] });
    expect(down.description).toContain(`Acknowledge: ${samples.down.ackLink}`);
    expect(down.details).toMatchObject({ Reason: 'the job reported a failure (fail ping)', Acknowledge: samples.down.ackLink });
    expect(up).toEqual({ source: 'upmon', note: samples.up.headline });
    expect(late.priority).toBe('P3');
  });

  it('sends EU accounts to the EU endpoint', async () => {
    await kit.send('opsgenie', { api_key: KEY, region: 'eu' }, samples.down);
    await kit.send('opsgenie', { api_key: KEY, region: 'eu' }, samples.up);
    expect(kit.requestsTo('/opsgenie-eu').map((r) => r.path)).toEqual([
      '/opsgenie-eu/v2/alerts',
      `/opsgenie-eu/v2/alerts/${CHECK_ID}/close?identifierType=alias`,
    ]);
    expect(kit.problems).toEqual([]);
  });

  it('a key Opsgenie does not know fails permanently with its message', async () => {
    await expect(kit.send('opsgenie', { api_key: '00000000-1111-2222-3333-444444444444' }, samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      statusCode: 401,
      message: 'HTTP 401: Could not authenticate',
    });
  });
});
