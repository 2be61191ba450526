import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@upmon/crypto';
import { CsrfField } from '../csrf-field.js';
import { TextField, type FormErrors } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

export function SetPasswordPage({ page, action, email, errors }: { page: PageContext; action: string; email: string; errors: FormErrors }) {
  return (
    <Layout page={page} title="Set your password">
      <section class="narrow">
        <h1>Set your password</h1>
        <p>
          For <strong>{email}</strong>. At least {PASSWORD_MIN_LENGTH} characters; a few unrelated words make a good one.
        </p>
        <form method="post" action={action} class="stack">
          <CsrfField token={page.csrf} />
          <input type="text" name="username" value={email} autoComplete="username" hidden />
          <TextField
            name="password"
            label="New password"
            type="password"
            autocomplete="new-password"
            required
            errors={errors}
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <TextField
            name="confirm"
            label="New password again"
            type="password"
            autocomplete="new-password"
            required
            errors={errors}
            maxLength={PASSWORD_MAX_LENGTH}
          />
          <button type="submit" class="primary">
            Set password and sign in
          </button>
        </form>
      </section>
    </Layout>
  );
}
