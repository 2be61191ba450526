import { CommittedSendError, openSmtpSession } from '@upmon/mailer';
import { startSmtpCapture } from '@upmon/testing';

const message = (to: string) => ({ to, subject: 'News', text: 'body', headers: { 'List-Unsubscribe': '<https://x.test/u>' }, messageId: `<${to}@x.test>` });

describe('committed send (openSmtpSession)', () => {
  it('commits while the server takes the DATA and ends the message only after; many messages over one connection', async () => {
    let connections = 0;
    const smtp = await startSmtpCapture({
      onConnect(_session, cb) {
        connections++;
        cb();
      },
    });
    const session = openSmtpSession({ smtpUrl: smtp.url, from: 'status@x.test', timeoutMs: 5000 });
    try {
      for (const to of ['a@x.test', 'b@x.test', 'c@x.test']) {
        const before = smtp.mails.length;
        const seenAtCommitEnd: number[] = [];
        const result = await session.send(message(to), async () => {
          // A slow commit: the message's body is with the server meanwhile, but not its end.
          await new Promise((r) => setTimeout(r, 200));
          seenAtCommitEnd.push(smtp.mails.length);
          return true;
        });
        expect(result).toBe('sent');
        expect(seenAtCommitEnd).toEqual([before]);
        expect(smtp.mails.length).toBe(before + 1);
      }
      expect(smtp.mails.map((m) => m.to[0])).toEqual(['a@x.test', 'b@x.test', 'c@x.test']);
      expect(smtp.mails[0]!.raw).toMatch(/^Message-ID: <a@x\.test@x\.test>/m);
      expect(connections).toBe(1);
    } finally {
      session.close();
      await smtp.close();
    }
  });

  it('a commit that says no, or fails, sends nothing; the next message goes on a new connection', async () => {
    const smtp = await startSmtpCapture();
    const session = openSmtpSession({ smtpUrl: smtp.url, from: 'status@x.test', timeoutMs: 5000 });
    try {
      expect(await session.send(message('no@x.test'), async () => false)).toBe('refused');
      const err = await session
        .send(message('boom@x.test'), async () => {
          throw new Error('database away');
        })
        .catch((e: unknown) => e);
      expect(err).toBeInstanceOf(CommittedSendError);
      expect((err as CommittedSendError).committed).toBe(false);
      expect(await session.send(message('yes@x.test'), async () => true)).toBe('sent');
      // Let the aborted transactions' connections close before counting.
      await new Promise((r) => setTimeout(r, 200));
      expect(smtp.mails.map((m) => m.to[0])).toEqual(['yes@x.test']);
    } finally {
      session.close();
      await smtp.close();
    }
  });

  it('a refusal after the commit says so (committed), permanent for 5xx and transient for 4xx', async () => {
    for (const [code, permanent] of [
      [554, true],
      [451, false],
    ] as const) {
      const smtp = await startSmtpCapture({
        onData(stream, _session, cb) {
          stream.on('data', () => {});
          stream.on('end', () => cb(Object.assign(new Error('no thanks'), { responseCode: code })));
        },
      });
      const session = openSmtpSession({ smtpUrl: smtp.url, from: 'status@x.test', timeoutMs: 5000 });
      try {
        const err = await session.send(message('a@x.test'), async () => true).catch((e: unknown) => e);
        expect(err).toBeInstanceOf(CommittedSendError);
        expect(err).toMatchObject({ committed: true, permanent });
      } finally {
        session.close();
        await smtp.close();
      }
    }
  });

  it('a recipient refused before DATA: the commit is never asked', async () => {
    const smtp = await startSmtpCapture({
      onRcptTo(_address, _session, cb) {
        cb(Object.assign(new Error('no such user'), { responseCode: 550 }));
      },
    });
    const session = openSmtpSession({ smtpUrl: smtp.url, from: 'status@x.test', timeoutMs: 5000 });
    let asked = false;
    try {
      const err = await session
        .send(message('gone@x.test'), async () => {
          asked = true;
          return true;
        })
        .catch((e: unknown) => e);
      expect(err).toMatchObject({ committed: false, permanent: true });
      expect(asked).toBe(false);
    } finally {
      session.close();
      await smtp.close();
    }
  });
});
