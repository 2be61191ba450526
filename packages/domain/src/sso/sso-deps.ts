import type { Cipher } from '@upmon/crypto';
import type { PrismaClient } from '@upmon/db';
import type { OutboundGuard } from '@upmon/outbound';

/** What the SSO operations work with; the api builds it once (docs/sso.md). */
export interface SsoDeps {
  prisma: PrismaClient;
  cipher: Cipher;
  /** Every request made on a user's behalf (discovery, JWKS, tokens, metadata, DNS) goes through it. */
  guard: OutboundGuard;
  /** SSO_ALLOW_HTTP: identity providers over plain http (tests and labs only). */
  allowHttp: boolean;
  /** APP_BASE_URL: the service provider's URLs (redirect URI, ACS, entity ID) derive from it. */
  appBaseUrl: string;
  /** SSO_DNS_RESOLVERS (empty: the system's), for domain verification. */
  dnsResolvers: readonly string[];
  clock: { now(): Date };
}
