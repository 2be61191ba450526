import type { AddressInfo } from 'node:net';
// @ts-expect-error dns2 ships no type declarations
import dns2 from 'dns2';

/** A zone for the test DNS server: name → type → records in dns2's shape. */
export type DnsZone = Record<string, Partial<Record<string, Record<string, unknown>[]>>>;

export interface DnsServer {
  port: number;
  /** Questions received, as `TYPE name`. */
  questions: string[];
  close(): Promise<void>;
}

/**
 * A DNS server answering from `zone` over UDP: unknown names get NXDOMAIN, `servfail.test` SERVFAIL,
 * `silent.test` no answer at all; a known name without records of the asked type gets an empty answer.
 */
export async function startDnsServer(zone: DnsZone): Promise<DnsServer> {
  const { Packet } = dns2 as { Packet: { TYPE: Record<string, number>; CLASS: { IN: number }; createResponseFromRequest(r: unknown): Record<string, any> } };
  const typeName = (code: number) => Object.keys(Packet.TYPE).find((k) => Packet.TYPE[k] === code) ?? String(code);
  const questions: string[] = [];
  const server = (dns2 as { createServer(o: unknown): any }).createServer({
    udp: true,
    handle: (request: { questions: { name: string; type: number }[] }, send: (r: unknown) => void) => {
      const response = Packet.createResponseFromRequest(request);
      const [q] = request.questions;
      if (!q) return send(response);
      const type = typeName(q.type);
      const name = q.name.toLowerCase();
      questions.push(`${type} ${name}`);
      if (name === 'silent.test') return;
      if (name === 'servfail.test') response.header.rcode = 2;
      else if (!zone[name]) response.header.rcode = 3;
      else for (const r of zone[name][type] ?? []) response.answers.push({ name: q.name, type: q.type, class: Packet.CLASS.IN, ttl: 60, ...r });
      send(response);
    },
  });
  server.on('requestError', () => undefined);
  await server.listen({ udp: { port: 0, address: '127.0.0.1', type: 'udp4' } });
  const port = (server.addresses().udp as AddressInfo).port;
  return { port, questions, close: () => server.close() };
}
