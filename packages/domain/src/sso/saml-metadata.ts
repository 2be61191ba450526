import { DOMParser } from '@xmldom/xmldom';
import { ApiError } from '../errors.js';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** Metadata larger than this is refused before it is parsed. */
export const SAML_METADATA_MAX_BYTES = 200_000;

export interface IdpMetadata {
  entityId: string;
  /** SingleSignOnService, HTTP-Redirect binding (SP-initiated sign-in sends the AuthnRequest there). */
  ssoUrl: string;
  /** Signing certificates, base64 DER. */
  certs: string[];
}

/**
 * Reads what upmon needs from an IdP's SAML metadata: its entity ID, its HTTP-Redirect sign-on URL
 * and its signing certificates. Only reads: the responses' signatures are checked by node-saml
 * against these certificates.
 */
export function parseIdpMetadata(xml: string, field: string): IdpMetadata {
  const refuse = (why: string) => ApiError.validation({ [field]: [why] });
  if (Buffer.byteLength(xml) > SAML_METADATA_MAX_BYTES) throw refuse(`is larger than ${SAML_METADATA_MAX_BYTES} bytes`);
  if (/<!DOCTYPE/i.test(xml)) throw refuse('must not contain a DOCTYPE');
  const errors: string[] = [];
  const doc = new DOMParser({
    errorHandler: { error: (msg: string) => void errors.push(msg), fatalError: (msg: string) => void errors.push(msg) },
  }).parseFromString(xml, 'text/xml');
  if (errors.length > 0 || !doc?.documentElement) throw refuse('is not well-formed XML');
  const entities = Array.from(doc.getElementsByTagNameNS(MD, 'EntityDescriptor'));
  const entity = entities.find((e) => e.getElementsByTagNameNS(MD, 'IDPSSODescriptor').length > 0);
  if (!entity) throw refuse('has no identity provider (no EntityDescriptor with an IDPSSODescriptor)');
  const entityId = entity.getAttribute('entityID') ?? '';
  if (!entityId) throw refuse('has no entityID');
  const idp = entity.getElementsByTagNameNS(MD, 'IDPSSODescriptor')[0]!;
  const sso = Array.from(idp.getElementsByTagNameNS(MD, 'SingleSignOnService')).find((s) => s.getAttribute('Binding') === REDIRECT);
  const ssoUrl = sso?.getAttribute('Location') ?? '';
  if (!/^https?:\/\//i.test(ssoUrl)) throw refuse('has no SingleSignOnService with the HTTP-Redirect binding');
  const certs: string[] = [];
  for (const kd of Array.from(idp.getElementsByTagNameNS(MD, 'KeyDescriptor'))) {
    const use = kd.getAttribute('use');
    if (use && use !== 'signing') continue;
    for (const c of Array.from(kd.getElementsByTagNameNS(DSIG, 'X509Certificate'))) {
      const b64 = (c.textContent ?? '').replace(/\s+/g, '');
      if (b64 && !certs.includes(b64)) certs.push(b64);
    }
  }
  if (certs.length === 0) throw refuse('has no signing certificate (KeyDescriptor with an X509Certificate)');
  return { entityId, ssoUrl, certs };
}

/** A base64 DER certificate as PEM (node-saml's idpCert). */
export function certificatePem(b64: string): string {
  return `-----BEGIN CERTIFICATE-----\n${(b64.match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----`;
}
