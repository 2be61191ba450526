import type { FlipRow } from './history-reads.js';
import type { FlipResponse } from './flip-response-schema.js';

/** A flip as the API lists it (the read renders its timestamp in SQL, with microseconds). */
export function presentFlip(f: FlipRow): FlipResponse {
  return { ts: f.ts, old_status: f.old_status, new_status: f.new_status, reason: f.reason, locations: f.locations, held_for: f.held_for };
}
