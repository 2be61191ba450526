/**
 * Notes stored on a ping that was recorded but changed nothing (pings.note). Healthchecks lists
 * such pings as `ign` ("ignored"); upmon keeps the reason. Every such note starts with
 * "ignored: " so readers can tell them from other notes (e.g. a short run's) without a list.
 */
export const IGNORED_PING = {
  /** A paused check stays paused until resumed; its pings are only recorded. */
  paused: 'ignored: the check is paused',
  /** The check counts POST pings only (Healthchecks' `methods: "POST"`). */
  postOnly: 'ignored: the check counts POST pings only',
  /** Over the check's budget of state-changing pings (docs/pings.md, "Ping budget"). */
  overBudget: "ignored: over the check's budget of 60 pings a minute",
  /** Only the prober says whether an http check's endpoint is up. */
  httpCheck: "ignored: an http check's status comes from its probes",
} as const;

const IGNORED_PREFIX = 'ignored: ';

/** Whether a ping's note says it was recorded without changing anything. */
export function isIgnoredPingNote(note: string | null | undefined): boolean {
  return typeof note === 'string' && note.startsWith(IGNORED_PREFIX);
}
