import type { Notification } from '@upmon/core';
import { clip } from '../../format/clip.js';

/** Two SMS segments at most: enough for the subject, the reason and the links. */
export const SMS_MAX = 320;

export function smsText(n: Notification): string {
  return clip(n.short, SMS_MAX);
}
