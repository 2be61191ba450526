import { createHmac } from 'node:crypto';
import { CHECK_ID, CHECK_LINK, jsonOf, NOW, openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

describe('webhook', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
  });
  afterAll(() => kit.close());

  it('posts every placeholder as JSON by default, signed with the secret', async () => {
    await kit.send('webhook', { url: `${kit.fake.url}/hook`, secret: 'whsec_test' }, samples.down);
    const [req] = kit.requestsTo('/hook');
    expect(req?.headers['content-type']).toBe('application/json');
    const unix = Math.floor(NOW.getTime() / 1000);
    const mac = createHmac('sha256', 'whsec_test').update(`${unix}.${req?.body}`).digest('hex');
    expect(req?.headers['x-signature']).toBe(`t=${unix},v1=${mac}`);
    expect(jsonOf(req)).toEqual({
      ...samples.down.values,
      check_id: CHECK_ID,
      reason_text: 'the job reported a failure (fail ping)',
      link: CHECK_LINK,
      ack_link: samples.down.ackLink,
    });
  });

  it('renders a template escaped for its content type; no secret, no signature', async () => {
    await kit.send('webhook', { url: `${kit.fake.url}/json`, body_template: '{"t": "{{subject}}", "tags": "{{tags}}"}' }, samples.down);
    await kit.send(
      'webhook',
      { url: `${kit.fake.url}/form`, content_type: 'application/x-www-form-urlencoded', body_template: 'name={{check_name}}&s={{status}}' },
      samples.up,
    );
    await kit.send('webhook', { url: `${kit.fake.url}/plain`, content_type: 'text/plain', body_template: '{{check_name}} is {{status}}' }, samples.late);
    expect(jsonOf(kit.requestsTo('/json')[0])).toEqual({ t: 'DOWN | Nightly "backup" <db>', tags: 'prod db' });
    expect(kit.requestsTo('/json')[0]?.headers['x-signature']).toBeUndefined();
    expect(Object.fromEntries(new URLSearchParams(kit.requestsTo('/form')[0]?.body))).toEqual({ name: 'Nightly "backup" <db>', s: 'up' });
    expect(kit.requestsTo('/plain')[0]?.body).toBe('Nightly "backup" <db> is late');
  });
});
