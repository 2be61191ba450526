import Provider from 'oidc-provider';

/**
 * A real OpenID provider for the SSO tests: the certified `oidc-provider` package as a process of
 * its own (startOidcProvider). Configuration comes in UPMON_TEST_OIDC (JSON): its issuer (which may
 * be a proxy's URL in front of it), port, signing key, clients and accounts. People sign in at its
 * development login form (any of the accounts' logins, any password) and consent page.
 */
interface ServerConfig {
  issuer: string;
  port: number;
  jwk: Record<string, unknown>;
  clients: { client_id: string; client_secret: string; redirect_uris: string[] }[];
  accounts: Record<string, { email: string; email_verified: boolean; name: string; groups: string[] }>;
}

const config = JSON.parse(process.env.UPMON_TEST_OIDC ?? '{}') as ServerConfig;

const provider = new Provider(config.issuer, {
  clients: config.clients.map((c) => ({
    ...c,
    response_types: ['code'],
    grant_types: ['authorization_code'],
    token_endpoint_auth_method: 'client_secret_basic',
  })),
  jwks: { keys: [config.jwk] },
  pkce: { required: () => true },
  // Scope claims in the ID token itself (upmon reads the ID token, not the userinfo endpoint).
  conformIdTokenClaims: false,
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'groups'] },
  features: { devInteractions: { enabled: true } },
  cookies: { keys: ['upmon test provider cookie key'] },
  async findAccount(_ctx: unknown, id: string) {
    const account = config.accounts[id];
    if (!account) return undefined;
    return { accountId: id, claims: async () => ({ sub: id, ...account }) };
  },
});
provider.proxy = true;
provider.listen(config.port, '127.0.0.1', () => process.stdout.write(`listening ${config.port}\n`));
