import { dnsConfigFromJson, httpConfigFromJson, tcpConfigFromJson, tlsConfigFromJson } from '@upmon/probes';

/** One line of "what is probed": a label and its value, shown as text. */
export interface TargetFact {
  label: string;
  value: string;
}

/** The stored settings of a probed check (no credentials: those are in the secrets columns). */
export interface StoredProbeSettings {
  kind: string;
  httpConfig: unknown;
  tcpConfig: unknown;
  dnsConfig: unknown;
  tlsConfig: unknown;
}

const hostPort = (host: string, port: number) => (host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`);

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

/** What a probed check probes, in the order a person reads it (the target first). Pure. */
export function probeTargetFacts(row: StoredProbeSettings, opts: { showQuery: boolean }): TargetFact[] {
  switch (row.kind) {
    case 'http': {
      const c = httpConfigFromJson(row.httpConfig);
      const facts: TargetFact[] = [
        { label: 'URL', value: shownUrl(c.url, opts.showQuery) },
        { label: 'Method', value: c.method },
        { label: 'Expected status codes', value: c.expectedCodes.join(', ') },
      ];
      if (c.keyword !== null) facts.push({ label: c.keywordAbsent ? 'Keyword that must be absent' : 'Keyword', value: c.keyword });
      facts.push({ label: 'Timeout', value: `${c.timeoutSec} s` });
      return facts;
    }
    case 'tcp': {
      const c = tcpConfigFromJson(row.tcpConfig);
      const facts: TargetFact[] = [{ label: 'Host and port', value: hostPort(c.host, c.port) + (c.tls ? ' (TLS)' : '') }];
      if (c.expect !== null) facts.push({ label: 'Expected reply', value: c.expect });
      facts.push({ label: 'Timeout', value: `${c.timeoutSec} s` });
      return facts;
    }
    case 'dns': {
      const c = dnsConfigFromJson(row.dnsConfig);
      const facts: TargetFact[] = [
        { label: 'Name', value: c.name },
        { label: 'Record type', value: c.recordType },
      ];
      if (c.expected.length) facts.push({ label: c.match === 'all' ? 'Expected (all of)' : 'Expected (any of)', value: c.expected.join(', ') });
      if (c.resolver !== null) facts.push({ label: 'Resolver', value: c.resolver });
      return facts;
    }
    case 'tls': {
      const c = tlsConfigFromJson(row.tlsConfig);
      const facts: TargetFact[] = [{ label: 'Host and port', value: hostPort(c.host, c.port) }];
      if (c.sni !== null) facts.push({ label: 'Server name (SNI)', value: c.sni });
      facts.push({ label: 'Fails when expiring within', value: `${c.daysBeforeExpiry} days` });
      return facts;
    }
    default:
      return [];
  }
}
