import type { NotifyEvent } from './events.js';

/** The parts of an integration row that decide whether it hears about a check's event. */
export interface IntegrationFilter {
  id: number;
  enabled: boolean;
  events: readonly string[];
  /** null (or not an array) = every check; otherwise the check needs at least one of these tags. */
  tags: unknown;
}

/** What a check says about who hears of it. */
export interface CheckAudience {
  tags: readonly string[];
  /** An explicit assignment (the Healthchecks API's `channels`): only these integrations; null: the tags rule. */
  integrationIds: readonly number[] | null;
}

/**
 * Same project is the caller's query; this decides the rest: enabled, the event subscribed, and
 * either the check's explicit assignment names the integration, or (no assignment) the
 * integration's `tags` are null or share a tag with the check. An empty tag list matches no check
 * (the API keeps null and [] apart, and [] means "only checks with one of these (no) tags").
 */
export function integrationMatches(integration: IntegrationFilter, check: CheckAudience, event: NotifyEvent): boolean {
  if (!integration.enabled) return false;
  if (!integration.events.includes(event)) return false;
  if (check.integrationIds !== null) return check.integrationIds.includes(integration.id);
  const checkTags = check.tags;
  const tags = integration.tags;
  if (tags === null || tags === undefined || !Array.isArray(tags)) return true;
  return tags.some((t) => typeof t === 'string' && checkTags.includes(t));
}
