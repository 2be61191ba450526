import type { PlanName } from '../plans.js';
import type { SmsMonth } from './sms-quota.js';

export interface SmsQuotaNoticeInput {
  accountName: string;
  plan: PlanName;
  quota: number;
  month: SmsMonth;
  appBaseUrl: string;
}

const monthName = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/**
 * The e-mail an account's e-mail integrations get once a month when its SMS quota is used up:
 * what stopped, what still works, and when it renews.
 */
export function smsQuotaNotice(input: SmsQuotaNoticeInput): { subject: string; text: string } {
  const { accountName, plan, quota, month } = input;
  const renews = month.next.toISOString().slice(0, 10);
  const subject = `SMS quota used up | ${accountName}`;
  const text = [
    `Your upmon account "${accountName}" has used all ${quota} text message${quota === 1 ? '' : 's'} (SMS) of its ${plan} plan for ${monthName.format(month.start)} (UTC).`,
    '',
    `Until the quota renews on ${renews} at 00:00 UTC, SMS alerts are not sent: each one is logged as failed in the delivery log. ` +
      'Your other integrations (e-mail, chat, webhooks, PagerDuty) keep delivering every alert.',
    '',
    'To raise the quota, ask your upmon operator. You get this notice once a month.',
    '',
    input.appBaseUrl.replace(/\/+$/, ''),
  ].join('\n');
  return { subject, text };
}
