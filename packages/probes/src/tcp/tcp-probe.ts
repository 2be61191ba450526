import type { Socket } from 'node:net';
import type { CertificateInfo } from '../common/certificate.js';
import { PhaseTimer, type ProbePhases } from '../common/phases.js';
import { socketFailure, SocketSession, tlsNames, type SocketFailure } from '../common/socket-session.js';
import type { ProbeContext } from '../probe-kind.js';
import type { TcpConfig } from './tcp-config.js';

/** Bytes read while waiting for the expected text; past that it counts as not received. */
export const MAX_RECEIVE_BYTES = 65_536;

export type TcpObservation =
  | SocketFailure
  /** Connected (and TLS verified); `received` is what arrived while waiting for `expect`. */
  | { kind: 'connected'; certificate: CertificateInfo | null; expectFound: boolean | null; received: string };

export interface TcpProbeResult {
  observation: TcpObservation;
  phases: ProbePhases;
}

/** Reads until `expect` arrives (true), the peer closes or MAX_RECEIVE_BYTES came (false). */
function awaitText(session: SocketSession, socket: Socket, expect: string, timer: PhaseTimer): Promise<{ found: boolean; received: string }> {
  return session.wait((resolve, reject) => {
    let received = '';
    let first = true;
    const done = (found: boolean) => {
      socket.removeAllListeners('data');
      resolve({ found, received });
    };
    socket.on('data', (chunk: Buffer) => {
      if (first) {
        timer.mark('firstByte');
        first = false;
      }
      // latin1 keeps one character per byte, so a multi-byte sequence split across chunks still
      // matches an ASCII expectation, and the length bound is in bytes.
      received += chunk.toString('latin1');
      if (received.includes(expect)) return done(true);
      if (received.length >= MAX_RECEIVE_BYTES) done(false);
    });
    socket.once('end', () => done(false));
    socket.once('error', reject);
  });
}

/**
 * Connects as the check's tcp_config says (through the outbound guard; TLS verified when asked),
 * sends its bytes and waits for its text. Reports what happened without judging it; never throws.
 */
export async function performTcpProbe(config: TcpConfig, ctx: ProbeContext): Promise<TcpProbeResult> {
  const timer = new PhaseTimer();
  const session = new SocketSession(ctx, timer, config.timeoutSec * 1000);
  try {
    const { socket, certificate } = await session.open(config.host, config.port, config.tls ? tlsNames(config.host, config.sni) : null);
    let expectFound: boolean | null = null;
    let received = '';
    if (config.send) {
      socket.write(config.send);
      timer.restart();
    }
    if (config.expect !== null) {
      const answer = await awaitText(session, socket, latin1Of(config.expect), timer);
      expectFound = answer.found;
      received = answer.received;
    }
    return { observation: { kind: 'connected', certificate, expectFound, received }, phases: timer.phases() };
  } catch (err) {
    return { observation: socketFailure(err, config.host), phases: timer.phases() };
  } finally {
    session.close();
  }
}

/** The expected text as the bytes its UTF-8 encoding puts on the wire, one latin1 character per byte. */
function latin1Of(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}
