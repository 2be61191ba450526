import type { PingKind } from '@upmon/core';
import { WEB_FIRST_SEGMENTS } from '@upmon/web';

/** How a ping URL names its check. */
export type PingTarget = { by: 'uuid'; uuid: string } | { by: 'slug'; pingKey: string; slug: string };

export interface ParsedPing {
  target: PingTarget;
  kind: PingKind;
  exitStatus: number | null;
  rid: string | null;
  create: boolean;
}

export type PingUrlResult = { ok: true; ping: ParsedPing } | { ok: false; status: 400 | 404; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PING_KEY = /^[A-Za-z0-9_-]{8,64}$/;
const SLUG = /^[a-z0-9][a-z0-9_-]{0,99}$/;
/** A slug-shaped segment with an upper-case letter. */
const UPPER_CASE_SLUG = /^(?=.*[A-Z])[A-Za-z0-9_-]{1,100}$/;
const EXIT = /^\d{1,3}$/;
/**
 * The longest path a ping URL can have: "/" ping key (64) "/" slug (100, each character possibly
 * percent-encoded: 300) "/" suffix, with room to spare. Longer paths are not pings.
 */
const MAX_PATH_LENGTH = 400;
/** Only `rid` (a UUID) and `create` mean something; cron lines may add a little more. */
const MAX_QUERY_LENGTH = 1024;

/**
 * First path segments that belong to the REST API, health endpoints, webhooks, badges, the
 * per-project Prometheus endpoint and the web app. A path under them is never a ping, so the fast
 * ping path hands it to Express. ('projects' has the shape of a ping key; generated ping keys are
 * random.)
 */
const RESERVED_FIRST_SEGMENTS = new Set<string>([
  'api',
  'healthz',
  'readyz',
  'telegram',
  'webhooks',
  'bot',
  'static',
  'docs',
  'badge',
  'projects',
  // SCIM provisioning (/scim/v2/…, docs/sso.md).
  'scim',
  ...WEB_FIRST_SEGMENTS,
]);

function suffixOf(s: string | undefined): { kind: PingKind; exitStatus: number | null } | { error: string } {
  if (s === undefined || s === '') return { kind: 'success', exitStatus: null };
  if (s === 'start' || s === 'fail' || s === 'log') return { kind: s, exitStatus: null };
  if (EXIT.test(s)) {
    const n = Number(s);
    if (n <= 255) return { kind: 'exit', exitStatus: n };
  }
  return { error: s.length > 0 && /^\d+$/.test(s) ? 'invalid exit status' : 'invalid ping URL' };
}

/**
 * Recognises the ping URLs of docs/design.md: /<uuid>[/<suffix>] and /<ping_key>/<slug>[/<suffix>] where
 * suffix is start, fail, log or an exit status 0..255, each also under /ping/ (self-hosted
 * Healthchecks' form, docs/healthchecks.md). Returns null when the path is not shaped like a ping
 * URL at all (someone else's route or a plain 404).
 */
export function parsePingUrl(rawUrl: string): PingUrlResult | null {
  const q = rawUrl.indexOf('?');
  const path = q < 0 ? rawUrl : rawUrl.slice(0, q);
  if (path.length > MAX_PATH_LENGTH) return null;
  const segs = path.split('/');
  if (segs[0] !== '') return null;
  segs.shift();
  if (segs.length > 1 && segs[segs.length - 1] === '') segs.pop(); // one trailing slash
  // "ping" cannot be a check's ping key (those are at least 8 characters) nor a uuid.
  if ((segs[0] as string) === 'ping' && segs.length > 1) segs.shift();
  const first: string = segs[0] ?? '';
  const firstLower = first.toLowerCase();
  if (first === '' || RESERVED_FIRST_SEGMENTS.has(first) || segs.length > 3) return null;

  let target: PingTarget;
  let suffix: string | undefined;
  if (UUID.test(first)) {
    if (segs.length > 2) return { ok: false, status: 400, message: 'invalid ping URL' };
    target = { by: 'uuid', uuid: firstLower };
    suffix = segs[1];
  } else {
    if (!PING_KEY.test(first) || segs.length < 2) return null;
    const slug = decodeURIComponentSafe(segs[1] as string);
    // Healthchecks' answer to a slug in the wrong case: slugs are lower case, so `Backup` is a
    // mistake in the cron line, not a check that is missing.
    if (slug !== null && UPPER_CASE_SLUG.test(slug)) return { ok: false, status: 400, message: 'invalid url format' };
    if (slug === null || !SLUG.test(slug)) return { ok: false, status: 404, message: 'not found' };
    target = { by: 'slug', pingKey: first, slug };
    suffix = segs[2];
  }
  const s = suffixOf(suffix);
  if ('error' in s) return { ok: false, status: 400, message: s.error };

  if (q >= 0 && rawUrl.length - q - 1 > MAX_QUERY_LENGTH) return { ok: false, status: 400, message: 'query string too long' };
  const params = new URLSearchParams(q < 0 ? '' : rawUrl.slice(q + 1));
  const ridRaw = params.get('rid');
  let rid: string | null = null;
  if (ridRaw !== null && ridRaw !== '') {
    if (!UUID.test(ridRaw)) return { ok: false, status: 400, message: 'invalid rid: must be a UUID' };
    rid = ridRaw.toLowerCase();
  }
  const create = params.get('create') === '1';
  return { ok: true, ping: { target, kind: s.kind, exitStatus: s.exitStatus, rid, create } };
}

function decodeURIComponentSafe(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}
