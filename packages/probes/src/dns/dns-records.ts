import type { Resolver } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import type { RecordType } from './dns-config.js';

/** One answer record: its text as shown, and the value an expectation may name alone. */
export interface DnsRecord {
  /** `10 mail.example.com`, `0 issue "letsencrypt.org"` */
  text: string;
  /** The address, target, exchange, text or CA: `mail.example.com` */
  value: string;
}

/** Records kept from one answer (c-ares already bounds an answer to one DNS message). */
export const MAX_RECORDS = 100;

const name = (n: string) => n.toLowerCase().replace(/\.$/, '');
const quoted = (s: string) => `"${s.replace(/["\\]/g, '\\$&')}"`;

/** Asks `resolver` for the records of `type` at `host`. Rejects with c-ares' error (code ENOTFOUND, ENODATA…). */
export async function queryRecords(resolver: Resolver, host: string, type: RecordType): Promise<DnsRecord[]> {
  const records = await query(resolver, host, type);
  return records.slice(0, MAX_RECORDS);
}

async function query(resolver: Resolver, host: string, type: RecordType): Promise<DnsRecord[]> {
  switch (type) {
    case 'A':
      return (await resolver.resolve4(host)).map((a) => ({ text: a, value: a }));
    case 'AAAA':
      return (await resolver.resolve6(host)).map((a) => ({ text: a, value: a }));
    case 'CNAME':
      return (await resolver.resolveCname(host)).map((n) => ({ text: name(n), value: name(n) }));
    case 'NS':
      return (await resolver.resolveNs(host)).map((n) => ({ text: name(n), value: name(n) }));
    case 'MX':
      return (await resolver.resolveMx(host)).map((r) => ({ text: `${r.priority} ${name(r.exchange)}`, value: name(r.exchange) }));
    case 'TXT':
      return (await resolver.resolveTxt(host)).map((chunks) => ({ text: chunks.join(''), value: chunks.join('') }));
    case 'SRV':
      return (await resolver.resolveSrv(host)).map((r) => ({ text: `${r.priority} ${r.weight} ${r.port} ${name(r.name)}`, value: name(r.name) }));
    case 'SOA': {
      const s = await resolver.resolveSoa(host);
      return [{ text: `${name(s.nsname)} ${name(s.hostmaster)} ${s.serial} ${s.refresh} ${s.retry} ${s.expire} ${s.minttl}`, value: name(s.nsname) }];
    }
    case 'CAA':
      return (await resolver.resolveCaa(host)).map((r) => {
        const [tag, value] = Object.entries(r).find(([k]) => k !== 'critical') ?? ['', ''];
        return { text: `${r.critical} ${tag} ${quoted(String(value))}`, value: String(value) };
      });
  }
}

/** An expectation or record in comparable form: addresses canonical, names lower-case without the final dot. */
export function comparable(type: RecordType, text: string): string {
  const t = text.trim();
  if (type === 'A' || type === 'AAAA') {
    try {
      return ipaddr.parse(t).toNormalizedString();
    } catch {
      return t.toLowerCase();
    }
  }
  if (type === 'TXT') return t;
  return t
    .toLowerCase()
    .replace(/\.$/, '')
    .replace(/\.(\s)/g, '$1');
}

/** Whether `expected` names `record`: its whole text or its value alone. */
export function recordMatches(type: RecordType, expected: string, record: DnsRecord): boolean {
  const e = comparable(type, expected);
  return e === comparable(type, record.text) || e === comparable(type, record.value);
}
