// The bench's DNS target: a UDP responder that answers A questions for one name from one fixed
// address, with nothing else to do per query (the test suite's dns2 server parses and builds whole
// packets in JavaScript, ~170 µs of CPU per query: the bench measured the target, not the probe).
// A real DNS answer on the wire: the query's id and question echoed, one answer record by name
// pointer; other names get NXDOMAIN, other types an empty answer, malformed queries no answer.
import dgram from 'node:dgram';
import type { AddressInfo } from 'node:net';

const HEADER = 12;
const TYPE_A = 1;
const CLASS_IN = 1;
const TTL_S = 60;

/** The question's name (lower case, dotted) and where the question ends; null if malformed. */
function readQuestion(query: Buffer): { name: string; end: number; type: number } | null {
  const labels: string[] = [];
  let at = HEADER;
  for (;;) {
    const length = query[at];
    if (length === undefined || length > 63) return null;
    at++;
    if (length === 0) break;
    labels.push(query.toString('latin1', at, at + length).toLowerCase());
    at += length;
  }
  if (at + 4 > query.length) return null;
  return { name: labels.join('.'), end: at + 4, type: query.readUInt16BE(at) };
}

/** The answer to one query, or null for one not worth answering. */
function dnsAnswer(query: Buffer, name: string, address: readonly number[]): Buffer | null {
  if (query.length < HEADER || query.readUInt16BE(4) !== 1) return null;
  const question = readQuestion(query);
  if (!question) return null;
  const known = question.name === name;
  const answers = known && question.type === TYPE_A ? 1 : 0;
  const reply = Buffer.alloc(question.end + answers * 16);
  query.copy(reply, 0, 0, question.end);
  // QR, the query's opcode and RD, RA; NOERROR or NXDOMAIN.
  reply.writeUInt16BE(0x8080 | (query.readUInt16BE(2) & 0x7900) | (known ? 0 : 3), 2);
  reply.writeUInt16BE(answers, 6);
  reply.writeUInt32BE(0, 8); // no authority or additional records
  if (answers) {
    let at = question.end;
    at = reply.writeUInt16BE(0xc000 | HEADER, at); // the question's name
    at = reply.writeUInt16BE(TYPE_A, at);
    at = reply.writeUInt16BE(CLASS_IN, at);
    at = reply.writeUInt32BE(TTL_S, at);
    at = reply.writeUInt16BE(4, at);
    reply.set(address, at);
  }
  return reply;
}

/** Listens on 127.0.0.1 (a free port) and answers `name`'s A questions with `address`; resolves to the port. */
export async function startDnsResponder(name: string, address: string): Promise<number> {
  const octets = address.split('.').map(Number);
  const socket = dgram.createSocket({ type: 'udp4', recvBufferSize: 4 << 20 });
  socket.on('message', (query, from) => {
    const reply = dnsAnswer(query, name, octets);
    if (reply) socket.send(reply, from.port, from.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return (socket.address() as AddressInfo).port;
}
