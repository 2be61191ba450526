import { CsrfField } from '../csrf-field.js';
import { TextField } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

/** One e-mail field and a button (password reset request). */
export function EmailFormPage({ page, title, intro, action, button }: { page: PageContext; title: string; intro: string; action: string; button: string }) {
  return (
    <Layout page={page} title={title}>
      <section class="narrow">
        <h1>{title}</h1>
        <p>{intro}</p>
        <form method="post" action={action} class="stack">
          <CsrfField token={page.csrf} />
          <TextField name="email" label="E-mail" type="email" autocomplete="email" required maxLength={254} />
          <button type="submit" class="primary">
            {button}
          </button>
        </form>
      </section>
    </Layout>
  );
}
