import { durationText } from '../views/duration-text.js';

/**
 * Since when the check has its current status: its newest flip's time when that flip led to the
 * status (else its creation), and for how long, at `now`. Pure.
 */
export function statusSince(input: { status: string; createdAt: string; newestFlip: { ts: string; new_status: string } | null; now: Date }): {
  since: string;
  forText: string;
} {
  const f = input.newestFlip;
  const since = f && f.new_status === input.status ? f.ts : input.createdAt;
  return { since, forText: durationText(Math.max(0, input.now.getTime() - new Date(since).getTime())) };
}
