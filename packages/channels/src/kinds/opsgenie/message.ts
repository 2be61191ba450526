import type { Notification } from '@upmon/core';
import { clip } from '../../format/clip.js';

/** The Alert API's limits. */
const MESSAGE_MAX = 130;
const DESCRIPTION_MAX = 15_000;
const ENTITY_MAX = 512;
const TAGS_MAX = 20;
const TAG_MAX = 50;
const DETAIL_VALUE_MAX = 8000;

/**
 * A create-alert request: the subject as the message, the plain text (with the links) as the
 * description, the fields as details, the check's tags. P1 for a down (and its reminders and a
 * digest still down), P3 for late. The alias (the check id) makes a check's alerts one alert,
 * which the recovery closes.
 */
export function opsgenieCreateAlert(n: Notification, alias: string): Record<string, unknown> {
  return {
    message: clip(n.subject, MESSAGE_MAX),
    alias,
    description: clip(n.text, DESCRIPTION_MAX),
    details: Object.fromEntries(n.fields.map((f) => [f.label, clip(f.value, DETAIL_VALUE_MAX)])),
    entity: clip(n.checkName, ENTITY_MAX),
    source: 'upmon',
    priority: n.status === 'down' ? 'P1' : 'P3',
    tags: n.tags.slice(0, TAGS_MAX).map((t) => clip(t, TAG_MAX)),
  };
}

/** A close-alert request: a note saying why (the recovery's headline). */
export function opsgenieCloseAlert(n: Notification): Record<string, unknown> {
  return { source: 'upmon', note: clip(n.headline, DESCRIPTION_MAX) };
}
