import { formatDuration } from '@upmon/core';

/** "350 ms", "12 s", "1 h 5 min": run durations are often under a second. */
export function durationText(ms: number): string {
  return ms < 1000 ? `${Math.max(0, Math.round(ms))} ms` : formatDuration(ms);
}
