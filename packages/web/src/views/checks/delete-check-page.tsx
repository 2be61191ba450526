import type { ProjectAccess } from '../../http/project-access.js';
import type { CheckRow } from '@upmon/domain';
import { CsrfField } from '../csrf-field.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

export function DeleteCheckPage({ page, access, check }: { page: PageContext; access: ProjectAccess; check: CheckRow }) {
  return (
    <Layout
      page={page}
      title={`Delete ${check.name}`}
      crumbs={[
        { label: 'Projects', href: '/projects' },
        { label: access.project.name, href: `/projects/${access.project.id}` },
        { label: check.name, href: `/checks/${check.id}` },
      ]}
    >
      <section class="narrow">
        <h1>Delete “{check.name}”?</h1>
        <p>Its pings, status history and delivery log are deleted with it. Jobs that still ping its URL will get “not found”. This cannot be undone.</p>
        <form method="post" action={`/checks/${check.id}/delete`} class="actions">
          <CsrfField token={page.csrf} />
          <button type="submit" class="danger">
            Delete check
          </button>
          <a href={`/checks/${check.id}`}>Cancel</a>
        </form>
      </section>
    </Layout>
  );
}
