import type { NotifyEvent } from './events.js';

/** The parts of an integration row that decide whether it hears about a check's event. */
export interface IntegrationFilter {
  enabled: boolean;
  events: readonly string[];
  /** null (or not an array) = every check; otherwise the check needs at least one of these tags. */
  tags: unknown;
}

/**
 * Same project is the caller's query; this decides the rest: enabled, the event subscribed, and
 * `tags` null or sharing a tag with the check. An empty tag list matches no check (the API keeps
 * null and [] apart, and [] means "only checks with one of these (no) tags").
 */
export function integrationMatches(integration: IntegrationFilter, checkTags: readonly string[], event: NotifyEvent): boolean {
  if (!integration.enabled) return false;
  if (!integration.events.includes(event)) return false;
  const tags = integration.tags;
  if (tags === null || tags === undefined || !Array.isArray(tags)) return true;
  return tags.some((t) => typeof t === 'string' && checkTags.includes(t));
}
