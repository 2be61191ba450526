import { ScimError } from './scim-error.js';

/** The longest filter read (Okta and Entra send `attr eq "value"`). */
export const SCIM_FILTER_MAX = 500;

export interface ScimEquality {
  /** Lower-cased attribute path, e.g. `username`, `externalid`, `emails.value`, `displayname`. */
  attribute: string;
  value: string;
}

const EQ = /^\s*([A-Za-z][A-Za-z0-9._:$-]*(?:\[[^\]]{0,200}\])?(?:\.[A-Za-z]+)?)\s+eq\s+"((?:[^"\\]|\\.){0,400})"\s*$/i;

/**
 * The equality filters identity providers send to find a resource before creating it
 * (RFC 7644 §3.4.2.2: `userName eq "a@b.c"`, `externalId eq "…"`, `displayName eq "…"`), joined
 * by `and`. Other operators are answered with `invalidFilter`, naming the filter.
 */
export function parseScimFilter(filter: string | undefined, allowed: readonly string[]): ScimEquality[] {
  if (filter === undefined || filter === '') return [];
  if (filter.length > SCIM_FILTER_MAX) throw new ScimError(400, `the filter is longer than ${SCIM_FILTER_MAX} characters`, 'invalidFilter');
  const parts = filter.split(/\s+and\s+/i);
  return parts.map((part) => {
    const m = EQ.exec(part);
    if (!m) throw new ScimError(400, `unsupported filter: ${part.slice(0, 100)} (upmon supports attribute eq "value", joined by and)`, 'invalidFilter');
    const attribute = m[1]!.toLowerCase().replace(/^urn:ietf:params:scim:schemas:core:2\.0:(user|group):/, '');
    if (!allowed.includes(attribute)) throw new ScimError(400, `filtering on ${m[1]} is not supported (supported: ${allowed.join(', ')})`, 'invalidFilter');
    return { attribute, value: m[2]!.replace(/\\(.)/g, '$1') };
  });
}

/** startIndex and count (RFC 7644 §3.4.2.4): 1-based, count capped. */
export function scimPage(query: { startIndex?: unknown; count?: unknown }, max = 200): { startIndex: number; count: number } {
  const num = (v: unknown, d: number) => {
    const n = typeof v === 'string' && /^\d{1,9}$/.test(v) ? Number(v) : d;
    return n;
  };
  return { startIndex: Math.max(1, num(query.startIndex, 1)), count: Math.min(max, num(query.count, 100)) };
}
