import { CsrfField } from '../csrf-field.js';
import { TextField } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

export interface SecondFactorPageProps {
  page: PageContext;
  next: string | null;
  error?: string;
}

/** The second step of a sign-in: a code from the authenticator app, or a recovery code. */
export function SecondFactorPage({ page, next, error }: SecondFactorPageProps) {
  return (
    <Layout page={page} title="Two-factor authentication">
      <section class="narrow">
        <h1>Two-factor authentication</h1>
        {error ? (
          <div class="alert alert-error" role="alert">
            {error}
          </div>
        ) : null}
        <form method="post" action="/sign-in/two-factor" class="stack">
          <CsrfField token={page.csrf} />
          {next ? <input type="hidden" name="next" value={next} /> : null}
          <TextField
            name="code"
            label="Code from your authenticator app"
            autocomplete="one-time-code"
            required
            maxLength={40}
            hint="Six digits. Lost your device? Type one of your recovery codes instead (each works once)."
          />
          <button type="submit" class="primary">
            Verify
          </button>
        </form>
        <p class="muted">No device and no recovery codes? An owner of your account can turn two-factor authentication off for you.</p>
      </section>
    </Layout>
  );
}
