import type { ProjectAccess } from '../../http/project-access.js';
import { CsrfField } from '../csrf-field.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

/** "Delete these 3 checks?": the dashboard's bulk delete asks first, naming each check. */
export function BulkDeletePage({ page, access, checks }: { page: PageContext; access: ProjectAccess; checks: { id: string; name: string }[] }) {
  const base = `/projects/${access.project.id}`;
  const what = `${checks.length} ${checks.length === 1 ? 'check' : 'checks'}`;
  return (
    <Layout
      page={page}
      title={`Delete ${what}`}
      crumbs={[
        { label: 'Projects', href: '/projects' },
        { label: access.project.name, href: base },
      ]}
    >
      <section class="narrow">
        <h1>Delete {what}?</h1>
        <ul>
          {checks.map((c) => (
            <li>{c.name}</li>
          ))}
        </ul>
        <p>Their pings, status history and delivery logs are deleted with them. Jobs that still ping their URLs will get “not found”. This cannot be undone.</p>
        <form method="post" action={`${base}/checks/bulk`} class="actions">
          <CsrfField token={page.csrf} />
          <input type="hidden" name="action" value="delete" />
          <input type="hidden" name="confirm" value="yes" />
          {checks.map((c) => (
            <input type="hidden" name="check" value={c.id} />
          ))}
          <button type="submit" class="danger">
            Delete {what}
          </button>
          <a href={base}>Cancel</a>
        </form>
      </section>
    </Layout>
  );
}
