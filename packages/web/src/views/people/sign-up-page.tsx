import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@upmon/crypto';
import { CsrfField } from '../csrf-field.js';
import { FormProblems, TextField, type FormErrors } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

/** New user details: sign-up (with an account name) and accepting an invitation as a new user. */
export function NewUserPage(props: {
  page: PageContext;
  title: string;
  intro: string;
  action: string;
  values: Record<string, string>;
  errors: FormErrors;
  /** Fixed e-mail (invitation) instead of a field. */
  email?: string;
  withAccount?: boolean;
  button: string;
}) {
  const { page, values: v, errors } = props;
  return (
    <Layout page={page} title={props.title}>
      <section class="narrow">
        <h1>{props.title}</h1>
        <p>{props.intro}</p>
        <FormProblems errors={errors} fields={['name', 'email', 'password', 'account']} />
        <form method="post" action={props.action} class="stack">
          <CsrfField token={page.csrf} />
          <TextField name="name" label="Your name" value={v.name} errors={errors} required autocomplete="name" maxLength={255} />
          {props.email ? (
            <p>
              E-mail: <strong>{props.email}</strong>
              <input type="text" name="username" value={props.email} autoComplete="username" hidden />
            </p>
          ) : (
            <TextField name="email" label="E-mail" type="email" value={v.email} errors={errors} required autocomplete="email" maxLength={254} />
          )}
          <TextField
            name="password"
            label="Password"
            type="password"
            errors={errors}
            required
            autocomplete="new-password"
            maxLength={PASSWORD_MAX_LENGTH}
            hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
          />
          {props.withAccount ? (
            <TextField
              name="account"
              label="Organisation or team name"
              value={v.account}
              errors={errors}
              maxLength={255}
              hint="Optional; you can have several people in it."
            />
          ) : null}
          <button type="submit" class="primary">
            {props.button}
          </button>
        </form>
      </section>
    </Layout>
  );
}
