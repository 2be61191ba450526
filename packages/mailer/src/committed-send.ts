import { Readable } from 'node:stream';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import SMTPConnection from 'nodemailer/lib/smtp-connection/index.js';
import { MailError, classifySmtpError, type MailMessage, type MailerSettings } from './mailer.js';

/** What a committed send came to. `refused`: the commit said no (sent elsewhere, or gone); nothing was sent. */
export type CommittedSendResult = 'sent' | 'refused';

/**
 * A message's body that holds back its end until `commit` has said yes. SMTP accepts a message when
 * the client sends the final "." of DATA, and nodemailer writes it when this stream ends; the
 * stream is read only after the server's 354 (SMTPConnection.send pipes it then). So the record
 * that the message went is committed before the server can accept it: a process killed before the
 * commit sent nothing (the server drops a DATA cut short), one killed after it had only the
 * final dot left to write.
 */
class CommitGatedBody extends Readable {
  private stage: 'body' | 'gate' | 'done' = 'body';
  private settle!: (answer: CommitAnswer) => void;
  /** What the commit said: yes, no, or never asked (the server refused before DATA). */
  readonly answer = new Promise<CommitAnswer>((resolve) => (this.settle = resolve));

  constructor(
    private readonly body: Buffer,
    private readonly commit: () => Promise<boolean>,
  ) {
    super();
  }

  override _read(): void {
    if (this.stage === 'body') {
      this.stage = 'gate';
      this.push(this.body);
      return;
    }
    if (this.stage !== 'gate') return;
    this.stage = 'done';
    this.commit().then(
      (ok) => {
        this.settle(ok ? 'yes' : 'no');
        if (ok) this.push(null);
        else this.destroy(new Error('not committed'));
      },
      (err: Error) => {
        this.settle('never');
        this.destroy(err);
      },
    );
  }

  /**
   * The send failed before the commit was asked (MAIL or RCPT refused: SMTPConnection then reads
   * this stream only to drain it): it must never be asked.
   */
  abandon(): void {
    if (this.stage === 'done') return;
    this.stage = 'done';
    this.settle('never');
  }
}

type CommitAnswer = 'yes' | 'no' | 'never';

export interface SmtpSession {
  /**
   * Sends one message, calling `commit` once the server is taking its DATA and ending it only when
   * `commit` resolves true. Throws a MailError when it was not sent; a commit that resolved true
   * before the failure is for the caller to undo (`committed` on the error).
   */
  send(message: MailMessage, commit: () => Promise<boolean>): Promise<CommittedSendResult>;
  close(): void;
}

export class CommittedSendError extends MailError {
  constructor(
    cause: MailError,
    readonly committed: boolean,
  ) {
    super(cause.message, cause.permanent);
    this.name = 'CommittedSendError';
  }
}

/** The SMTP URL's parts for SMTPConnection (smtp:// with STARTTLS when offered, smtps:// TLS from the start). */
function connectionOptions(url: string, timeoutMs: number) {
  const u = new URL(url);
  const secure = u.protocol === 'smtps:';
  return {
    options: {
      host: u.hostname.replace(/^\[|\]$/g, ''),
      port: u.port ? Number(u.port) : secure ? 465 : 25,
      secure,
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs * 3,
    },
    auth: u.username ? { user: decodeURIComponent(u.username), pass: decodeURIComponent(u.password) } : null,
  };
}

/**
 * One SMTP connection for many messages, sent one after the other (a subscriber batch), opened on
 * the first and again after any failure (a failed DATA leaves the connection in no known state).
 */
export function openSmtpSession(settings: MailerSettings): SmtpSession {
  let conn: SMTPConnection | null = null;
  const drop = () => {
    conn?.close();
    conn = null;
  };
  const connect = async (): Promise<SMTPConnection> => {
    if (conn) return conn;
    if (settings.smtpUrl === undefined) throw new MailError('e-mail is not configured (SMTP_URL is not set)', true);
    const { options, auth } = connectionOptions(settings.smtpUrl, settings.timeoutMs);
    const c = new SMTPConnection(options);
    c.on('error', () => {
      if (conn === c) conn = null;
    });
    c.on('end', () => {
      if (conn === c) conn = null;
    });
    await new Promise<void>((resolve, reject) => c.connect((err) => (err ? reject(err) : resolve())));
    if (auth) await new Promise<void>((resolve, reject) => c.login(auth, (err) => (err ? reject(err) : resolve())));
    conn = c;
    return c;
  };
  return {
    async send(message, commit) {
      let gated: CommitGatedBody | null = null;
      try {
        const node = new MailComposer({ from: settings.from, ...message }).compile();
        const body = await node.build();
        const c = await connect();
        const g = (gated = new CommitGatedBody(body, commit));
        await new Promise<void>((resolve, reject) =>
          c.send(node.getEnvelope(), g, (err) => {
            if (!err) return resolve();
            g.abandon();
            reject(err);
          }),
        );
        return 'sent';
      } catch (err) {
        drop();
        // A commit under way when the send failed is waited for: the caller undoes a yes.
        const answer = gated ? await gated.answer : 'never';
        if (answer === 'no') return 'refused';
        throw new CommittedSendError(err instanceof MailError ? err : classifySmtpError(err), answer === 'yes');
      }
    },
    close() {
      conn?.quit();
      conn = null;
    },
  };
}
