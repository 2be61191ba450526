import { ACK_LINK, CHECK_LINK, expectThat, jsonOf, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

const ROOM = '!AbCdEf:matrix.test';
const PREFIX = `/_matrix/client/v3/rooms/${encodeURIComponent(ROOM)}/send/m.room.message/`;

/**
 * Matrix client-server API: PUT /_matrix/client/v3/rooms/{roomId}/send/{eventType}/{txnId}
 * (path parts URL-encoded), `Authorization: Bearer <access token>`, JSON content (`msgtype`,
 * `body`; `format` org.matrix.custom.html with `formatted_body`). 200 `{event_id}`; 401
 * `{errcode: "M_UNKNOWN_TOKEN", error}`; 403 M_FORBIDDEN (not in the room); 429
 * `{errcode: "M_LIMIT_EXCEEDED", error, retry_after_ms}`.
 */
describe('matrix', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/_matrix', {
      problems: (req) => {
        if (req.headers.authorization !== 'Bearer syt_dXBtb24_s3cr3tToken') return ['M_UNKNOWN_TOKEN'];
        const e = JSON.parse(req.body);
        return [
          ...expectThat.method(req, 'PUT'),
          ...expectThat.header(req, 'content-type', 'application/json'),
          ...(req.path.startsWith(PREFIX) && /^[A-Za-z0-9._~-]+$/.test(req.path.slice(PREFIX.length)) ? [] : [`unrecognised path ${req.path}`]),
          ...expectThat.oneOf(e.msgtype, 'msgtype', ['m.text', 'm.notice']),
          ...expectThat.string(e.body, 'body', 60_000),
          ...(e.formatted_body === undefined || e.format === 'org.matrix.custom.html' ? [] : ['formatted_body without format']),
        ];
      },
      accept: () => ({ body: JSON.stringify({ event_id: '$YUwRidLecu:matrix.test' }) }),
      reject: (_req, p) =>
        p[0] === 'M_UNKNOWN_TOKEN'
          ? { status: 401, body: JSON.stringify({ errcode: 'M_UNKNOWN_TOKEN', error: 'Invalid access token passed.', soft_logout: false }) }
          : { status: 400, body: JSON.stringify({ errcode: 'M_BAD_JSON', error: p.join('; ') }) },
    });
  });
  afterAll(() => kit.close());
  const config = (token = 'syt_dXBtb24_s3cr3tToken') => ({ homeserver_url: `${kit.fake.url}/`, room_id: ROOM, access_token: token });

  it('sends each event as text and escaped HTML with the links; a retry reuses its transaction id', async () => {
    for (const n of Object.values(samples)) await kit.send('matrix', config(), n);
    expect(kit.problems).toEqual([]);
    const [req] = kit.requestsTo('/_matrix');
    const e = jsonOf(req);
    expect(e.body).toBe(samples.down.text);
    expect(e['m.mentions']).toEqual({});
    expect(e.formatted_body).toContain('<strong>DOWN | Nightly &quot;backup&quot; &lt;db&gt;</strong>');
    expect(e.formatted_body).toContain(`<a href="${CHECK_LINK}">Open the check</a> · <a href="${ACK_LINK}">Acknowledge</a>`);
    // The same notification to the same integration again (a retry): the same transaction id.
    const sender = kit.senders.matrix;
    const message = { notification: samples.down, config: config(), integration: { id: 99, name: 'm', telegramChatId: null } };
    await sender.send(message);
    await sender.send(message);
    const [first, second] = kit.requestsTo('/_matrix').slice(-2);
    expect(first?.path).toBe(second?.path);
    expect(first?.path).not.toBe(req?.path);
  });

  it('waits as long as M_LIMIT_EXCEEDED says; a bad token is permanent and not in the message', async () => {
    kit.serve('/limited', {
      problems: () => ['slow down'],
      accept: () => ({}),
      reject: () => ({ status: 429, body: JSON.stringify({ errcode: 'M_LIMIT_EXCEEDED', error: 'Too Many Requests', retry_after_ms: 2500 }) }),
    });
    await expect(kit.send('matrix', { ...config(), homeserver_url: `${kit.fake.url}/limited` }, samples.down)).rejects.toMatchObject({
      kind: 'transient',
      statusCode: 429,
      retryAfterMs: 2500,
    });
    await expect(kit.send('matrix', config('syt_wrong_t0ken'), samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      message: 'HTTP 401: Invalid access token passed.',
    });
  });
});
