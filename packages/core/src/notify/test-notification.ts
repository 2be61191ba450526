import { isoWithOffset, formatUtc } from './durations.js';
import type { Notification } from './message.js';

/** The check id a test notification carries (it is about no check): PagerDuty's dedup key, webhooks' check_id. */
export const TEST_CHECK_ID = '00000000-0000-0000-0000-000000000000';

/**
 * A test notification ("send a test notification" in the web app): the words every channel sends
 * to prove the integration reaches its destination. Status `up`, so it pages nobody (PagerDuty
 * gets a resolve, which proves the routing key and opens no incident). Pure: time is an argument.
 */
export function buildTestNotification(input: { integrationName: string; now: Date; link: string }): Notification {
  const subject = `TEST | upmon test notification`;
  const headline = `This is a test notification from upmon for the integration "${input.integrationName}". It works.`;
  const fields = [
    { label: 'Integration', value: input.integrationName },
    { label: 'Sent', value: formatUtc(input.now) },
  ];
  const text = [headline, '', ...fields.map((f) => `${f.label}: ${f.value}`), '', input.link].join('\n');
  return {
    event: 'test',
    checkId: TEST_CHECK_ID,
    checkName: 'upmon test',
    status: 'up',
    previousStatus: null,
    severity: 'info',
    color: '#808080',
    subject,
    headline,
    fields,
    at: input.now,
    link: input.link,
    ackLink: null,
    text,
    short: `upmon: test notification for "${input.integrationName}". ${input.link}`,
    reasonText: 'test notification',
    detail: null,
    tags: [],
    values: {
      event: 'test',
      check_id: TEST_CHECK_ID,
      check_name: 'upmon test',
      status: 'up',
      previous_status: '',
      reason: 'test',
      ts: isoWithOffset(input.now),
      tags: '',
      subject,
      message: text,
    },
  };
}
