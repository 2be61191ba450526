import type { Integration } from '@upmon/db';
import { isoTimestamp } from './timestamps.js';

export type IntegrationRow = Pick<Integration, 'id' | 'kind' | 'name' | 'enabled' | 'events' | 'tags' | 'quietHours' | 'reminders' | 'createdAt'>;

export const INTEGRATION_ROW_SELECT = {
  id: true,
  kind: true,
  name: true,
  enabled: true,
  events: true,
  tags: true,
  quietHours: true,
  reminders: true,
  createdAt: true,
} as const;

/** The config (channel secrets) is never part of the response. */
export function presentIntegration(row: IntegrationRow) {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    enabled: row.enabled,
    events: row.events,
    tags: (row.tags as string[] | null) ?? null,
    quiet_hours: (row.quietHours as { from: string; to: string; tz: string } | null) ?? null,
    reminders: (row.reminders as number[] | null) ?? null,
    created_at: isoTimestamp(row.createdAt),
  };
}
