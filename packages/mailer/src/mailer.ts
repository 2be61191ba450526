import nodemailer, { type Transporter } from 'nodemailer';

export interface MailerSettings {
  /** smtp:// or smtps:// URL; undefined when the operator has not configured e-mail. */
  smtpUrl: string | undefined;
  from: string;
  timeoutMs: number;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe and the like); nodemailer encodes them. */
  headers?: Record<string, string>;
  /** `<id@host>`; nodemailer makes one when absent. */
  messageId?: string;
}

/**
 * Why a message was not sent. `permanent`: SMTP 5xx replies, failed authentication, or no SMTP
 * configured (retrying cannot help); otherwise a 4xx reply or a connection problem.
 */
export class MailError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
  ) {
    super(message);
    this.name = 'MailError';
  }
}

export interface Mailer {
  /** False when SMTP_URL is not set: `send` then fails with a permanent MailError. */
  readonly configured: boolean;
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** A nodemailer error as a MailError: permanent for 5xx replies and failed authentication. */
export function classifySmtpError(err: unknown): MailError {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const message = `SMTP ${e.code ?? 'error'}${e.responseCode ? ` ${e.responseCode}` : ''}: ${(e.message ?? '').slice(0, 300)}`;
  return new MailError(message, e.code === 'EAUTH' || (typeof e.responseCode === 'number' && e.responseCode >= 500));
}

/** SMTP through nodemailer; the connection is opened on the first message. */
export function createMailer(settings: MailerSettings): Mailer {
  let transport: Transporter | null = null;
  const transporter = (url: string) => {
    transport ??= nodemailer.createTransport(
      {
        url,
        connectionTimeout: settings.timeoutMs,
        greetingTimeout: settings.timeoutMs,
        socketTimeout: settings.timeoutMs * 3,
      } as Parameters<typeof nodemailer.createTransport>[0],
      { from: settings.from },
    );
    return transport;
  };
  return {
    configured: settings.smtpUrl !== undefined,
    async send(message) {
      if (settings.smtpUrl === undefined) throw new MailError('e-mail is not configured (SMTP_URL is not set)', true);
      try {
        await transporter(settings.smtpUrl).sendMail(message);
      } catch (err) {
        throw classifySmtpError(err);
      }
    },
    close() {
      transport?.close();
    },
  };
}
