import type { Integration } from '@upmon/db';
import { isoTimestamp } from '../timestamps.js';
import type { IntegrationResponse } from './integration-response-schema.js';

export type IntegrationRow = Pick<
  Integration,
  | 'id'
  | 'uuid'
  | 'kind'
  | 'name'
  | 'enabled'
  | 'events'
  | 'tags'
  | 'quietHours'
  | 'reminders'
  | 'flapMaxChanges'
  | 'flapWindowMin'
  | 'escalateAfterMin'
  | 'emailVerifiedAt'
  | 'telegramChatId'
  | 'createdAt'
>;

export const INTEGRATION_ROW_SELECT = {
  id: true,
  uuid: true,
  kind: true,
  name: true,
  enabled: true,
  events: true,
  tags: true,
  quietHours: true,
  reminders: true,
  flapMaxChanges: true,
  flapWindowMin: true,
  escalateAfterMin: true,
  emailVerifiedAt: true,
  telegramChatId: true,
  createdAt: true,
} as const;

/**
 * Whether the integration's destination is confirmed by its owner: e-mail once the mailed link was
 * opened, Telegram once a chat is linked; the other kinds need nothing (always true).
 */
export function isVerified(row: Pick<IntegrationRow, 'kind' | 'emailVerifiedAt' | 'telegramChatId'>): boolean {
  if (row.kind === 'email') return row.emailVerifiedAt !== null;
  if (row.kind === 'telegram') return row.telegramChatId !== null;
  return true;
}

/** The config (channel secrets) is never part of the response. */
export function presentIntegration(row: IntegrationRow): IntegrationResponse {
  return {
    id: row.id,
    uuid: row.uuid,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    events: row.events,
    tags: (row.tags as string[] | null) ?? null,
    quiet_hours: (row.quietHours as { from: string; to: string; tz: string } | null) ?? null,
    reminders: (row.reminders as number[] | null) ?? null,
    flapping: row.flapMaxChanges === null ? null : { max_changes: row.flapMaxChanges, window_minutes: row.flapWindowMin },
    escalate_after_min: row.escalateAfterMin ?? 0,
    verified: isVerified(row),
    created_at: isoTimestamp(row.createdAt),
  };
}
