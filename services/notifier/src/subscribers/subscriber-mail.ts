import type { MailMessage } from '@upmon/mailer';
import { statusPageUrl, unsubscribeUrl } from '@upmon/core';

/** A notice as its mails tell it. */
export interface NoticeContent {
  noticeId: string;
  kind: 'opened' | 'updated' | 'resolved';
  pageTitle: string;
  publicKey: string;
  incidentId: string;
  incidentTitle: string;
  updateId: string;
  state: string;
  message: string;
  postedAt: Date;
}

const STATE_WORDS: Record<string, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};

const utc = (d: Date) => `${d.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** The subject: what happened, to what, on which page. */
export function subscriberMailSubject(n: NoticeContent): string {
  const what = n.kind === 'opened' ? 'New incident' : (STATE_WORDS[n.state] ?? n.state);
  return `[${n.pageTitle}] ${what}: ${n.incidentTitle}`;
}

/**
 * One subscriber's mail of a notice: plain text (the update's message as written: its Markdown
 * reads as text), the page's link, and the unsubscribe link, also as RFC 2369 `List-Unsubscribe`
 * with RFC 8058's one-click POST. The Message-ID is the same for every attempt of a delivery, so a
 * receiving server that keeps them can tell a repeat.
 */
export function subscriberMail(appBaseUrl: string, n: NoticeContent, to: { email: string; subscriberId: string; unsubscribeToken: string }): MailMessage {
  const unsubscribe = unsubscribeUrl(appBaseUrl, n.publicKey, to.unsubscribeToken);
  const text = [
    n.incidentTitle,
    `${STATE_WORDS[n.state] ?? n.state}, ${utc(n.postedAt)}`,
    '',
    n.message,
    '',
    `Status page: ${statusPageUrl(appBaseUrl, n.publicKey)}`,
    '',
    `You get this because this address subscribed to news of ${n.pageTitle}. Unsubscribe: ${unsubscribe}`,
  ].join('\n');
  return {
    to: to.email,
    subject: subscriberMailSubject(n),
    text,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    messageId: `<notice-${n.noticeId}-${to.subscriberId}@${new URL(appBaseUrl).hostname}>`,
  };
}
