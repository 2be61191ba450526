import { TextField } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

export interface SsoEmailPageProps {
  page: PageContext;
  email: string;
  next: string | null;
  error?: string;
  /** The account whose verified domain the address is of, once found. */
  found?: { accountId: string; accountName: string; protocol: 'oidc' | 'saml' } | null;
}

/**
 * "Continue with SSO": the work address finds the account that verified its domain; the next step
 * is a link to its identity provider (a link, not a form: the CSP's form-action allows only this
 * site, and a form's redirect chain to the IdP would be refused by the browser).
 */
export function SsoEmailPage({ page, email, next, error, found }: SsoEmailPageProps) {
  const start = found ? `/sso/${found.accountId}/start${next ? `?next=${encodeURIComponent(next)}` : ''}` : '';
  return (
    <Layout page={page} title="Continue with SSO">
      <section class="narrow">
        <h1>Continue with SSO</h1>
        {error ? (
          <div class="alert alert-error" role="alert">
            {error}
          </div>
        ) : null}
        {found ? (
          <>
            <p>
              <strong>{found.accountName}</strong> signs in {email ? <>{email} </> : null}through its identity provider (
              {found.protocol === 'oidc' ? 'OpenID Connect' : 'SAML'}).
            </p>
            <p>
              <a class="button primary" href={start} id="sso-continue">
                Continue to {found.accountName}'s sign-in
              </a>
            </p>
            <p>
              <a href="/sign-in/sso">Use another address</a>
            </p>
          </>
        ) : (
          <form method="get" action="/sign-in/sso" class="stack">
            {next ? <input type="hidden" name="next" value={next} /> : null}
            <TextField
              name="email"
              label="Work e-mail"
              type="email"
              autocomplete="username"
              value={email}
              required
              maxLength={254}
              hint="The address your organisation gave you: its domain finds your organisation's identity provider."
            />
            <button type="submit" class="primary">
              Continue
            </button>
          </form>
        )}
        <p>
          <a href="/sign-in">Sign in with a password instead</a>
        </p>
      </section>
    </Layout>
  );
}
