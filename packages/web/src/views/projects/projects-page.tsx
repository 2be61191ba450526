import { ROLE_LABELS, roleAllows, type Role } from '@upmon/core';
import type { ProjectCheckCounts } from '@upmon/domain';
import { CsrfField } from '../csrf-field.js';
import { TextField, type FormErrors } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';

/** A project with its check counts (`listProjectCheckCounts`). */
export type ProjectSummary = ProjectCheckCounts;

export interface AccountProjects {
  accountId: string;
  accountName: string;
  plan: string;
  role: Role;
  projects: ProjectSummary[];
}

export function ProjectsPage({ page, accounts, errors, name }: { page: PageContext; accounts: AccountProjects[]; errors: FormErrors; name?: string }) {
  return (
    <Layout page={page} title="Projects">
      <h1>Projects</h1>
      {accounts.length === 0 ? <p>You are not a member of any account yet. Ask an owner for an invitation.</p> : null}
      {accounts.map((a) => (
        <section class="panel" aria-labelledby={`acct-${a.accountId}`}>
          <div class="head">
            <h2 id={`acct-${a.accountId}`} class="first">
              {a.accountName}
            </h2>
            <span class="muted">
              {a.plan} plan · you are {ROLE_LABELS[a.role]}
            </span>
          </div>
          {a.projects.length === 0 ? <p class="muted">No projects yet.</p> : null}
          <ul class="project-list">
            {a.projects.map((p) => (
              <li>
                <a href={`/projects/${p.id}`} class="check-name">
                  {p.name}
                </a>{' '}
                <span class="muted">
                  {p.checks} check{p.checks === 1 ? '' : 's'}
                </span>
                {p.down > 0 ? (
                  <span class="status status-down">
                    <span aria-hidden="true">■</span> {p.down} down
                  </span>
                ) : null}{' '}
                {p.late > 0 ? (
                  <span class="status status-late">
                    <span aria-hidden="true">▲</span> {p.late} late
                  </span>
                ) : null}
              </li>
            ))}
          </ul>
          {roleAllows(a.role, 'projects.create') ? (
            <form method="post" action="/projects" class="inline-form">
              <CsrfField token={page.csrf} />
              <input type="hidden" name="account" value={a.accountId} />
              <TextField name={`name`} label="New project" value={name} errors={errors} maxLength={255} required />
              <button type="submit">Create project</button>
            </form>
          ) : null}
        </section>
      ))}
    </Layout>
  );
}
