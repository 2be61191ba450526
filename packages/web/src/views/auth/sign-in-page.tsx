import { PASSWORD_MAX_LENGTH } from '@upmon/crypto';
import { CsrfField } from '../csrf-field.js';
import { TextField } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

export interface SignInProps {
  page: PageContext;
  next: string | null;
  email?: string;
  error?: string;
  mailConfigured: boolean;
  registrationOpen: boolean;
}

export function SignInPage({ page, next, email, error, mailConfigured, registrationOpen }: SignInProps) {
  return (
    <Layout page={page} title="Sign in">
      <section class="narrow">
        <h1>Sign in</h1>
        {next?.startsWith('/checks/') ? <p class="notice">Sign in to see the check this alert is about.</p> : null}
        {error ? (
          <div class="alert alert-error" role="alert">
            {error}
          </div>
        ) : null}
        <form method="post" action="/sign-in" class="stack">
          <CsrfField token={page.csrf} />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <TextField name="email" label="E-mail" type="email" autocomplete="username" value={email} required maxLength={254} />
          <TextField name="password" label="Password" type="password" autocomplete="current-password" required maxLength={PASSWORD_MAX_LENGTH} />
          <button type="submit" class="primary">
            Sign in
          </button>
        </form>
        <p>
          <a class="button" href={`/sign-in/sso${next ? `?next=${encodeURIComponent(next)}` : ''}`}>
            Continue with SSO
          </a>
        </p>
        <h2>Or get a link by e-mail</h2>
        {mailConfigured ? (
          <form method="post" action="/sign-in/link" class="stack">
            <CsrfField token={page.csrf} />
            <TextField name="email" label="E-mail" type="email" autocomplete="email" value={email} required maxLength={254} />
            <button type="submit">E-mail me a sign-in link</button>
          </form>
        ) : (
          <p class="muted">
            E-mail is not configured on this server (no SMTP), so sign-in links and password reset are not available. Ask your operator for a link.
          </p>
        )}
        <p>
          {mailConfigured ? <a href="/reset-password">Forgot your password?</a> : null}
          {registrationOpen ? (
            <>
              {mailConfigured ? ' · ' : null}
              <a href="/sign-up">Create an account</a>
            </>
          ) : null}
        </p>
      </section>
    </Layout>
  );
}
