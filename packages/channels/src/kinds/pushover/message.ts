import type { Notification } from '@upmon/core';
import { clip } from '../../format/clip.js';
import { incidentAction } from '../../format/incident-action.js';

/** The Messages API's limits. */
const TITLE_MAX = 250;
const MESSAGE_MAX = 1024;
const URL_TITLE_MAX = 100;

/** Emergency priority: repeated every `retry` seconds until acknowledged in Pushover, or `expire` passes. */
export const EMERGENCY = 2;

export interface PushoverSettings {
  /** Priority of alerts of an outage (down, reminders, digests still down): -1, 0, 1 or 2. */
  downPriority: number;
  retrySec: number;
  expireSec: number;
}

/**
 * A message's form fields (besides token and user): an outage at the configured priority, with
 * retry, expire and the check id as tag when that is emergency (so the recovery can cancel the
 * repetitions); everything else at normal priority. The supplementary URL is the acknowledgement
 * link when there is one (the plain text carries both links).
 */
export function pushoverMessage(n: Notification, s: PushoverSettings): Record<string, string> {
  const priority = n.status === 'down' ? s.downPriority : 0;
  return {
    title: clip(n.subject, TITLE_MAX),
    message: clip(n.text, MESSAGE_MAX),
    url: n.ackLink ?? n.link,
    url_title: clip(n.ackLink ? 'Acknowledge' : 'Open the check', URL_TITLE_MAX),
    timestamp: String(Math.floor(n.at.getTime() / 1000)),
    priority: String(priority),
    ...(priority === EMERGENCY ? { retry: String(s.retrySec), expire: String(s.expireSec), tags: n.checkId } : {}),
  };
}

/** Whether the message ends the check's outage, so pending emergency repetitions must stop. */
export function endsOutage(n: Notification): boolean {
  return incidentAction(n) === 'close';
}
