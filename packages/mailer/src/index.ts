export { createMailer, MailError, type Mailer, type MailerSettings, type MailMessage } from './mailer.js';
