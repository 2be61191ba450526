import type { TargetFact, TargetFactOptions } from '../probe-kind.js';
import type { HttpConfig } from './http-config.js';

/**
 * A probed URL as shown on the check page: a password in it masked, and its query (where API
 * tokens hide) shown only to people who may edit the check. Unparseable: as stored, minus the query.
 */
export function shownUrl(url: string, showQuery: boolean): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return showQuery ? url : url.replace(/\?.*$/, '');
  }
  if (u.password) u.password = '•••';
  if (!showQuery && u.search) u.search = '?…';
  try {
    return decodeURI(u.toString());
  } catch {
    return u.toString();
  }
}

export function httpTargetFacts(c: HttpConfig, opts: TargetFactOptions): TargetFact[] {
  const facts: TargetFact[] = [
    { label: 'URL', value: shownUrl(c.url, opts.showQuery) },
    { label: 'Method', value: c.method },
    { label: 'Expected status codes', value: c.expectedCodes.join(', ') },
  ];
  if (c.keyword !== null) facts.push({ label: c.keywordAbsent ? 'Keyword that must be absent' : 'Keyword', value: c.keyword });
  facts.push({ label: 'Timeout', value: `${c.timeoutSec} s` });
  return facts;
}
