import { openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

/**
 * Twilio Messages: POST /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP basic auth
 * (AccountSid:AuthToken), form-encoded To, From, Body (≤ 1600); 201 with the message JSON; 400
 * `{code, message, more_info, status}`.
 */
describe('sms', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
    kit.serve('/twilio', {
      problems: (req) => {
        const form = new URLSearchParams(req.body);
        return [
          ...(req.path === '/twilio/2010-04-01/Accounts/AC123/Messages.json' ? [] : [`path ${req.path}`]),
          ...(req.headers.authorization === `Basic ${Buffer.from('AC123:twilio-secret').toString('base64')}` ? [] : ['authentication']),
          ...(req.headers['content-type'] === 'application/x-www-form-urlencoded' ? [] : ['content type']),
          ...(/^\+[1-9]\d{6,14}$/.test(form.get('To') ?? '') ? [] : ["The 'To' number is not a valid phone number."]),
          ...((form.get('Body') ?? '').length <= 1600 ? [] : ['Body too long']),
        ];
      },
      accept: () => ({ status: 201, body: JSON.stringify({ sid: 'SM1', status: 'queued' }) }),
      reject: (_req, p) => ({ status: 400, body: JSON.stringify({ code: 21211, message: p.join('; '), status: 400 }) }),
    });
  });
  afterAll(() => kit.close());

  it('sends the one-line message, links included, within two segments', async () => {
    for (const n of Object.values(samples)) await kit.send('sms', { phone: '+15551234567' }, n);
    const body = new URLSearchParams(kit.requestsTo('/twilio')[0]?.body).get('Body') ?? '';
    expect(body).toContain('DOWN | Nightly "backup" <db>');
    expect(body).toContain(`Acknowledge: ${samples.down.ackLink}`);
    expect(body.length).toBeLessThanOrEqual(320);
    expect(kit.problems).toEqual([]);
  });

  it('an invalid number fails permanently with Twilio’s message', async () => {
    await expect(kit.send('sms', { phone: '+1' }, samples.down)).rejects.toMatchObject({
      kind: 'permanent',
      message: "HTTP 400: The 'To' number is not a valid phone number.",
    });
  });
});
