import type { Cipher } from '@upmon/crypto';
import type { ClientAddressResolver } from '@upmon/service-kit';
import type { WebDeps } from './web-deps.js';
import type { RateLimiter, SsoDeps } from '@upmon/domain';
import type { Assets } from './http/assets.js';

/** What the web app's routes work with; built once by `mountWeb`. */
export interface WebContext extends WebDeps {
  cipher: Cipher;
  rateLimiter: RateLimiter;
  assets: Assets;
  /** Cookies get `Secure` (and the `__Host-` prefix) when APP_BASE_URL is https. */
  secureCookies: boolean;
  /** Resolves the client's address (trusted proxies' X-Forwarded-For), for throttling. */
  clientIp: ClientAddressResolver;
  /** SSO sign-in and settings (docs/sso.md): fetches go through the outbound guard. */
  sso: SsoDeps;
}
