import { formatDuration } from '../notify/durations.js';
import { DEFAULT_LOCATION } from './location-quorum.js';

/**
 * What decided a probed check's flip (docs/notifications.md, "Why a probed check failed"): the
 * result of each location the quorum counted, as it stood when the flip was decided. Written with
 * the flip (flips.cause, encrypted) by check-store, so an alert never has to guess it from pings
 * stored around the flip's time. Pure: serialisation and words only.
 */
export interface DecidingResult {
  location: string;
  /** When the location's result came (the probe's time). */
  at: Date;
  /** The probe's explanation (docs/probe-checks.md); null when unknown. */
  explanation: string | null;
}

/** An explanation kept in a cause, and shown in an alert, is cut to this many characters. */
export const CAUSE_EXPLANATION_MAX = 300;
/** A stored cause longer than this is not parsed (a location name is ≤ 32 characters, a handful of locations). */
const CAUSE_JSON_MAX = 64_000;

/** An explanation on one line, cut to `CAUSE_EXPLANATION_MAX` characters. */
function oneLine(text: string): string | null {
  const flat = text
    .slice(0, CAUSE_EXPLANATION_MAX * 4)
    .replace(/\s+/g, ' ')
    .trim();
  if (!flat) return null;
  return flat.length > CAUSE_EXPLANATION_MAX ? `${flat.slice(0, CAUSE_EXPLANATION_MAX)}…` : flat;
}

/** The cause as stored (JSON text, to be encrypted by the writer). */
export function flipCauseToJson(results: readonly DecidingResult[]): string {
  return JSON.stringify(results.map((r) => ({ l: r.location, t: r.at.getTime(), e: r.explanation === null ? null : oneLine(r.explanation) })));
}

/** A stored cause read back; null when it is not one (too long, not JSON, wrong shape). */
export function flipCauseFromJson(text: string): DecidingResult[] | null {
  if (text.length > CAUSE_JSON_MAX) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const out: DecidingResult[] = [];
  for (const item of parsed as unknown[]) {
    if (typeof item !== 'object' || item === null) return null;
    const { l, t, e } = item as Record<string, unknown>;
    if (typeof l !== 'string' || typeof t !== 'number' || !Number.isFinite(t) || (e !== null && typeof e !== 'string')) return null;
    out.push({ location: l, at: new Date(t), explanation: e === null ? null : oneLine(e) });
  }
  return out;
}

/**
 * The `detail` of a probed check's down, late or up alert. With locations: "Failed in eu, us: connect
 * refused" (down, late) or "Answering in ap, us: HTTP 200" (up), each location's own explanation
 * (locations that said the same share it: "Failed in eu: HTTP 503; us: connection refused"). A
 * location whose result came before the one that tipped the flip says how much earlier
 * ("ap (2 min earlier)"): a location counts until it is stale, so a prober that has just died is
 * still counted, and the words must not pass its old answer off as a fresh one.
 * A system probing from the default location only names none: the explanation alone.
 * `results`: the flip's stored cause, or null for a flip stored without one (the names alone).
 */
export function describeFlipCause(
  flip: { newStatus: string; ts: Date; locations: readonly string[] },
  results: readonly DecidingResult[] | null,
): string | null {
  if (flip.locations.length === 0) return null;
  if (flip.locations.length === 1 && flip.locations[0] === DEFAULT_LOCATION) return results?.[0]?.explanation ?? null;
  const verb = flip.newStatus === 'up' ? 'Answering in' : 'Failed in';
  const byLocation = new Map((results ?? []).map((r) => [r.location, r]));
  // Locations in the flip's order, grouped by what they said (first appearance first).
  const groups = new Map<string | null, string[]>();
  for (const location of flip.locations) {
    const r = byLocation.get(location);
    const earlierMs = r ? flip.ts.getTime() - r.at.getTime() : 0;
    const label = earlierMs >= 1000 ? `${location} (${formatDuration(earlierMs)} earlier)` : location;
    const key = r?.explanation ?? null;
    groups.set(key, [...(groups.get(key) ?? []), label]);
  }
  const parts = [...groups].map(([explanation, labels]) => (explanation === null ? labels.join(', ') : `${labels.join(', ')}: ${explanation}`));
  return `${verb} ${parts.join('; ')}`;
}
