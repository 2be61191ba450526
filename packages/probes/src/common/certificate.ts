import type { X509Certificate } from 'node:crypto';
import type { TLSSocket } from 'node:tls';

/** What a probe reports about the certificate a server presented (the check page shows it). */
export interface CertificateInfo {
  /** e.g. `CN=example.com, O=Example` */
  subject: string;
  issuer: string;
  /** Subject alternative names as the certificate lists them (`DNS:example.com`, `IP Address:192.0.2.1`). */
  sans: string[];
  /** ISO instants. */
  validFrom: string;
  validTo: string;
  /** SHA-256 fingerprint, colon-separated hex. */
  fingerprint256: string;
}

const MAX_SANS = 100;
const MAX_TEXT = 500;
const DAY_MS = 86_400_000;

/** A distinguished name as one line (`CN=example.com, O=Example`); certificates are the server's text: bounded. */
function oneLine(name: string | undefined): string {
  return (name ?? '').split('\n').filter(Boolean).join(', ').slice(0, MAX_TEXT);
}

function isoOf(text: string | undefined): string | null {
  if (!text) return null;
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/**
 * The certificate's details, or null when there is none (or it has no readable dates). From
 * node's X509Certificate, whose fields are computed when read: the legacy peer-certificate
 * object computes every fingerprint and the public key for each probe (a tenth of a TLS probe's
 * CPU in profiles).
 */
export function certificateInfoOf(cert: X509Certificate | null | undefined): CertificateInfo | null {
  if (!cert) return null;
  const validTo = isoOf(cert.validTo);
  const validFrom = isoOf(cert.validFrom);
  if (!validTo || !validFrom) return null;
  const sans = (cert.subjectAltName ?? '')
    .split(', ')
    .filter((s) => s.length > 0)
    .slice(0, MAX_SANS)
    .map((s) => s.slice(0, MAX_TEXT));
  return {
    subject: oneLine(cert.subject),
    issuer: oneLine(cert.issuer),
    sans,
    validFrom,
    validTo,
    fingerprint256: String(cert.fingerprint256 ?? '').slice(0, 200),
  };
}

/** The peer certificate of a TLS socket (null for a plain socket or before the handshake). */
export function peerCertificateOf(socket: unknown): CertificateInfo | null {
  const s = socket as Partial<TLSSocket> | null | undefined;
  if (!s || typeof s.getPeerX509Certificate !== 'function') return null;
  return certificateInfoOf(s.getPeerX509Certificate());
}

/** Whole days left until `validTo` (negative once expired). */
export function certificateDaysLeft(cert: Pick<CertificateInfo, 'validTo'>, now: Date): number {
  return Math.floor((Date.parse(cert.validTo) - now.getTime()) / DAY_MS);
}

export const isoDate = (d: Date | string) => (typeof d === 'string' ? d : d.toISOString()).slice(0, 10);

/** `certificate expires 2026-12-01 (in 9 days)`. */
export function expiryInWords(validTo: string, now: Date): string {
  const days = Math.max(0, Math.floor((Date.parse(validTo) - now.getTime()) / DAY_MS));
  return `certificate expires ${isoDate(validTo)} (in ${days} day${days === 1 ? '' : 's'})`;
}
