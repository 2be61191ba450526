export { createMailer, MailError, type Mailer, type MailerSettings, type MailMessage } from './mailer.js';
export { openSmtpSession, CommittedSendError, type CommittedSendResult, type SmtpSession } from './committed-send.js';
