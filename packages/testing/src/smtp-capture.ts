import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
  subject: string;
  /** The decoded text/plain part (quoted-printable soft breaks removed). */
  text: string;
}

/** Decodes quoted-printable (what nodemailer uses for long text lines). */
function decodeQuotedPrintable(s: string): string {
  const bytes = s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) in a header. */
function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?([QB])\?([^?]*)\?=\s*/gi, (_, enc: string, text: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function textPart(raw: string): string {
  const m = /Content-Type: text\/plain[^\r\n]*\r?\n(?:[^\r\n]+\r?\n)*?\r?\n([\s\S]*?)(?:\r?\n--|$)/i.exec(raw);
  const body = m?.[1] ?? '';
  return /Content-Transfer-Encoding: quoted-printable/i.test(raw) ? decodeQuotedPrintable(body) : body;
}

/** A real SMTP server on loopback that keeps every message. */
export async function startSmtpCapture(options: Partial<SMTPServerOptions> = {}) {
  const mails: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const subject = decodeHeader(
          /^Subject: (.*(?:\r?\n[ \t].*)*)$/m
            .exec(raw)?.[1]
            ?.replace(/\r?\n[ \t]/g, ' ')
            .trim() ?? '',
        );
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          subject,
          text: textPart(raw),
        });
        callback();
      });
    },
    ...options,
  });
  // A client that goes away mid-session (a notifier killed by a test) resets its connection:
  // smtp-server reports it as an 'error' event, which is no failure of the test.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
