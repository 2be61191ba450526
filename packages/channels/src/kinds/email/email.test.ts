import { eventually } from '@upmon/testing';
import { emailMessage } from './message.js';
import { openChannelTestKit, samples, type ChannelTestKit } from '../../../test/support/channel-test-kit.js';

describe('email', () => {
  let kit: ChannelTestKit;
  beforeAll(async () => {
    kit = await openChannelTestKit();
  });
  afterAll(() => kit.close());

  it('mails the subject, the plain text and an escaped HTML part over SMTP', async () => {
    const outcome = await kit.send('email', { email: 'oncall@example.com' }, samples.down);
    expect(outcome).toEqual({ statusCode: null });
    const mail = await eventually(async () => kit.smtp.mails[0]);
    expect(mail.to).toEqual(['oncall@example.com']);
    expect(mail.from).toBe('alerts@upmon.test');
    expect(mail.subject).toBe('DOWN | Nightly "backup" <db>');
    expect(mail.text).toContain(`Acknowledge: ${samples.down.ackLink}`);
    // The HTML part (quoted-printable on the wire): every value escaped.
    expect(emailMessage(samples.down).html).toContain('<strong>Nightly &quot;backup&quot; &lt;db&gt; is DOWN');
    expect(mail.raw).toMatch(/Content-Type: text\/html/);
  });
});
