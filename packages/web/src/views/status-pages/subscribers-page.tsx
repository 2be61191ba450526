import { SUBSCRIBER_LIMITS, type SubscriberCounts, type SubscriberRow } from '@upmon/domain';
import type { ProjectAccess } from '../../http/project-access.js';
import { CsrfField } from '../csrf-field.js';
import { FormProblems, TextArea, TextField, type FormErrors } from '../form-fields.js';
import type { PageContext } from '../page-context.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { Time } from '../time.js';
import { ActionNotice, NoStatusPageYet } from './status-page-notices.js';

export interface SubscribersPageProps {
  page: PageContext;
  access: ProjectAccess;
  /** null: the project has no status page yet. */
  list: { rows: SubscriberRow[]; counts: SubscriberCounts } | null;
  form: { url: string; csv: string };
  errors?: FormErrors;
  notice: string | null;
}

/**
 * Who hears of the status page's incidents (docs/status-pages.md, "Managing subscribers"): counts,
 * the newest 100, remove, export and import of confirmed addresses, webhook subscribers. Owners
 * and admins only: addresses are personal data.
 */
export function SubscribersPage({ page, access, list, form, errors = {}, notice }: SubscribersPageProps) {
  const base = `/projects/${access.project.id}/status-page/subscribers`;
  return (
    <ProjectSectionPage page={page} access={access} section="status-page" label="Subscribers">
      <p>
        <a href={`/projects/${access.project.id}/status-page`}>Status page settings</a> ·{' '}
        <a href={`/projects/${access.project.id}/status-page/incidents`}>Incidents</a>
      </p>
      <ActionNotice text={notice} />
      {list === null ? (
        <NoStatusPageYet projectId={access.project.id}>; people subscribe on it.</NoStatusPageYet>
      ) : (
        <>
          <p>
            {list.counts.email_confirmed} confirmed e-mail {list.counts.email_confirmed === 1 ? 'address' : 'addresses'}, {list.counts.email_pending} waiting
            for confirmation, {list.counts.webhook} {list.counts.webhook === 1 ? 'webhook' : 'webhooks'}.{' '}
            <a href={`${base}.csv`} download>
              Export confirmed addresses (CSV)
            </a>
          </p>
          <h2>Newest subscribers</h2>
          {list.rows.length === 0 ? (
            <p class="muted">Nobody has subscribed yet.</p>
          ) : (
            <ul class="plain-list">
              {list.rows.map((s) => (
                <li>
                  <span class="subscriber">{s.email ?? s.url}</span> ·{' '}
                  {s.kind === 'webhook' ? 'webhook' : s.confirmedAt ? 'confirmed' : 'waiting for confirmation'} · since <Time at={s.createdAt} />
                  <form method="post" action={`${base}/${s.id}/remove`} class="inline-form">
                    <CsrfField token={page.csrf} />
                    <button type="submit" aria-label={`Remove ${s.email ?? s.url}`}>
                      Remove
                    </button>
                  </form>
                </li>
              ))}
            </ul>
          )}
          <FormProblems errors={errors} fields={['url', 'csv']} />
          <section aria-labelledby="import">
            <h2 id="import">Import addresses</h2>
            <form method="post" action={`${base}/import`} class="stack">
              <CsrfField token={page.csrf} />
              <TextArea
                name="csv"
                label="Addresses (CSV)"
                hint={`One address per line in the first column, at most ${SUBSCRIBER_LIMITS.importRowsMax.toLocaleString('en')}. Imported addresses are confirmed: import only people who asked for this news.`}
                value={form.csv}
                rows={6}
                maxLength={SUBSCRIBER_LIMITS.importCharsMax}
                errors={errors}
              />
              <button type="submit">Import</button>
            </form>
          </section>
          <section aria-labelledby="webhook">
            <h2 id="webhook">Add a webhook</h2>
            <form method="post" action={`${base}/webhook`} class="stack">
              <CsrfField token={page.csrf} />
              <TextField
                name="url"
                type="url"
                label="URL"
                hint="Each incident update is POSTed to it as JSON."
                value={form.url}
                maxLength={SUBSCRIBER_LIMITS.urlMax}
                required
                errors={errors}
              />
              <button type="submit">Add webhook</button>
            </form>
          </section>
        </>
      )}
    </ProjectSectionPage>
  );
}
