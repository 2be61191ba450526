/** What the top of a check page says went wrong (docs/web.md, "The check page"). Pure. */

export interface FailurePing {
  ts: string;
  type: string;
  exitStatus: number | null;
  /** Why the ping counted differently from its type (a run shorter than its minimum). */
  note: string | null;
  body: string | null;
}

export interface LastFailure {
  /** When it happened (ISO), or null for "nothing arrived". */
  at: string | null;
  /** The reason in words: `HTTP 503 (expected 2xx)`, `exit status 3`, `no ping since …`. */
  words: string;
  /** The first lines of the failing ping's body (heartbeats: the job's own output). */
  excerpt: string | null;
}

/** Lines and characters of a failing ping's body shown at the top of the page. */
export const EXCERPT_LINES = 5;
export const EXCERPT_CHARS = 400;

const isFailure = (p: FailurePing) => p.type === 'fail' || (p.type === 'exit' && p.exitStatus !== 0) || p.note !== null;

/** The first lines of a body, bounded, or null when it has no text. */
export function excerptOf(body: string | null): string | null {
  if (!body) return null;
  const lines = body.replace(/\r\n?/g, '\n').split('\n');
  let text = lines.slice(0, EXCERPT_LINES).join('\n').trimEnd();
  let cut = lines.length > EXCERPT_LINES;
  if (text.length > EXCERPT_CHARS) {
    text = text.slice(0, EXCERPT_CHARS);
    cut = true;
  }
  if (!text.trim()) return null;
  return cut ? `${text}\n…` : text;
}

/**
 * The check's latest failure, from its newest pings (newest first) and the reason of the flip to
 * its current status: a heartbeat that went down because nothing arrived says so; otherwise the
 * newest failing ping: a probe's explanation (the probes word it: status code against the expected
 * ones, keyword, timeout, TLS, DNS), or a heartbeat's fail or exit ping with its exit status and
 * the first lines of its body. Null when nothing failed among the pings read.
 */
export function lastFailureOf(input: {
  probed: boolean;
  status: string;
  /** The reason of the newest flip (why it has its current status). */
  flipReason: string | null;
  lastPingAt: string | null;
  createdAt: string;
  pings: readonly FailurePing[];
}): LastFailure | null {
  const { probed, pings } = input;
  if (!probed && input.status === 'down' && input.flipReason === 'timeout') {
    return input.lastPingAt
      ? { at: input.lastPingAt, words: 'No ping since', excerpt: null }
      : { at: input.createdAt, words: 'No ping ever arrived; created', excerpt: null };
  }
  const p = pings.find(isFailure);
  if (!p) return null;
  if (probed) {
    const lines = excerptOf(p.body);
    const [first, ...rest] = (lines ?? 'probe failed').split('\n');
    return { at: p.ts, words: first as string, excerpt: rest.length ? rest.join('\n') : null };
  }
  const words = p.note ?? (p.type === 'exit' ? `The job exited with status ${p.exitStatus}` : 'The job reported a failure (/fail)');
  return { at: p.ts, words, excerpt: excerptOf(p.body) };
}
