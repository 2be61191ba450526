import { roleForGroups } from './provision-sso-user.js';
import { parseIdpMetadata } from './saml-metadata.js';
import { ApiError } from '../errors.js';

test('a person in several mapped groups gets the highest role; no mapped group, none', () => {
  const mappings = [
    { groupName: 'Engineering', role: 'member' as const },
    { groupName: 'Admins', role: 'admin' as const },
    { groupName: 'Auditors', role: 'read_only' as const },
  ];
  expect(roleForGroups(mappings, ['Auditors', 'Admins', 'Engineering'])).toBe('admin');
  expect(roleForGroups(mappings, ['Auditors'])).toBe('read_only');
  expect(roleForGroups(mappings, ['Sales'])).toBeNull();
});

const metadata = (sso: string, keys: string) => `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="https://idp.example/entity">
  <md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${keys}${sso}</md:IDPSSODescriptor>
</md:EntityDescriptor>`;
const key = (use: string, cert: string) =>
  `<md:KeyDescriptor${use ? ` use="${use}"` : ''}><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${cert}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`;
const redirect = '<md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="https://idp.example/sso"/>';

test('IdP metadata: entity ID, the HTTP-Redirect sign-on URL, signing certificates (not encryption ones)', () => {
  expect(parseIdpMetadata(metadata(redirect, key('signing', 'MIIA A') + key('encryption', 'MIIB') + key('', 'MIIC')), 'metadata_xml')).toEqual({
    entityId: 'https://idp.example/entity',
    ssoUrl: 'https://idp.example/sso',
    certs: ['MIIAA', 'MIIC'],
  });
});

test('metadata that cannot serve is refused naming the field and why', () => {
  const why = (xml: string) => {
    try {
      parseIdpMetadata(xml, 'metadata_xml');
    } catch (e) {
      return (e as ApiError).options.errors?.metadata_xml?.[0];
    }
    return null;
  };
  expect(why('<md:EntityDescriptor')).toBe('is not well-formed XML');
  expect(why(metadata('', key('signing', 'MIIA')))).toBe('has no SingleSignOnService with the HTTP-Redirect binding');
  expect(why(metadata(redirect, ''))).toBe('has no signing certificate (KeyDescriptor with an X509Certificate)');
  expect(why('<!DOCTYPE x [<!ENTITY a "b">]>' + metadata(redirect, key('', 'MIIA')))).toBe('must not contain a DOCTYPE');
  expect(why(' '.repeat(200_001))).toBe('is larger than 200000 bytes');
});
