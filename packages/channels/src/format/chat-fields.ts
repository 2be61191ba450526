import type { Notification } from '@upmon/core';

/** The fields chat attachments show, long ones (held-event lists) last and full width. */
export function attachmentFields(n: Notification): { title: string; value: string; short: boolean }[] {
  return n.fields.map((f) => ({ title: f.label, value: f.value, short: f.value.length <= 40 && !f.value.includes('\n') }));
}
