import { createMailer, MailError } from '@upmon/mailer';
import { startSmtpCapture } from '@upmon/testing';

describe('mailer', () => {
  it('sends through SMTP', async () => {
    const smtp = await startSmtpCapture();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'upmon <a@example.test>', timeoutMs: 5000 });
    try {
      await mailer.send({ to: 'b@example.test', subject: 'Hello', text: 'body text' });
      expect(smtp.mails).toHaveLength(1);
      expect(smtp.mails[0]).toMatchObject({ from: 'a@example.test', to: ['b@example.test'], subject: 'Hello' });
      expect(smtp.mails[0]!.text).toContain('body text');
    } finally {
      mailer.close();
      await smtp.close();
    }
  });

  it('fails permanently without SMTP_URL and on a 5xx reply, transiently on a 4xx reply', async () => {
    const none = createMailer({ smtpUrl: undefined, from: 'a@example.test', timeoutMs: 1000 });
    expect(none.configured).toBe(false);
    await expect(none.send({ to: 'b@example.test', subject: 's', text: 't' })).rejects.toMatchObject({
      permanent: true,
      message: expect.stringContaining('SMTP_URL'),
    });

    for (const [code, permanent] of [
      [550, true],
      [451, false],
    ] as const) {
      const smtp = await startSmtpCapture({
        onRcptTo(_address, _session, cb) {
          cb(Object.assign(new Error('refused'), { responseCode: code }));
        },
      });
      const mailer = createMailer({ smtpUrl: smtp.url, from: 'a@example.test', timeoutMs: 5000 });
      try {
        const err = await mailer.send({ to: 'b@example.test', subject: 's', text: 't' }).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(MailError);
        expect((err as MailError).permanent).toBe(permanent);
      } finally {
        mailer.close();
        await smtp.close();
      }
    }
  });
});
