import { roleAllows, type CheckStatus } from '@upmon/core';
import type { ProjectAccess } from '../../http/project-access.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { ProjectNav } from '../project-nav.js';
import { StatusBadge } from '../status-badge.js';

export const STATUSES: CheckStatus[] = ['down', 'late', 'up', 'new', 'paused'];

export interface DashboardProps {
  page: PageContext;
  access: ProjectAccess;
  /** How many checks the filter kept (their rows are in rowsHtml). */
  shown: number;
  /** The table rows, rendered by DashboardRows. */
  rowsHtml: string;
  /** Every tag of the project's checks (for the filter). */
  tags: string[];
  filter: { tag: string | null; status: CheckStatus | null };
  counts: Record<CheckStatus, number>;
}

/** "(2 down) Backups": the tab says how many are down. */
export function dashboardTitle(projectName: string, down: number): string {
  return down > 0 ? `(${down} down) ${projectName}` : projectName;
}

export function DashboardPage({ page, access, shown, rowsHtml, tags, filter, counts }: DashboardProps) {
  const base = `/projects/${access.project.id}`;
  const filtered = filter.tag !== null || filter.status !== null;
  return (
    <Layout
      page={page}
      title={dashboardTitle(access.project.name, counts.down)}
      crumbs={[{ label: 'Projects', href: '/projects' }, { label: access.account.name }]}
      bodyData={{ poll: `${base}/status.json`, 'poll-all': filtered ? '0' : '1' }}
    >
      <div class="head">
        <h1>{access.project.name}</h1>
        {roleAllows(access.role, 'checks.write') ? (
          <div class="actions">
            <a class="button primary" href={`${base}/checks/new`}>
              New check
            </a>
          </div>
        ) : null}
      </div>
      <ProjectNav access={access} current="checks" />
      <p class="summary" aria-label="Checks by status" data-live="counts">
        {STATUSES.filter((s) => counts[s] > 0).map((s) => (
          <a href={`${base}?status=${s}`} class="summary-item">
            <StatusBadge status={s} /> {counts[s]}
          </a>
        ))}
      </p>
      <form method="get" action={base} class="filters" role="search" aria-label="Filter checks">
        <div class="field">
          <label for="filter-tag">Tag</label>
          <select id="filter-tag" name="tag">
            <option value="">All tags</option>
            {tags.map((t) => (
              <option value={t} selected={t === filter.tag}>
                {t}
              </option>
            ))}
          </select>
        </div>
        <div class="field">
          <label for="filter-status">Status</label>
          <select id="filter-status" name="status">
            <option value="">All statuses</option>
            {STATUSES.map((s) => (
              <option value={s} selected={s === filter.status}>
                {s}
              </option>
            ))}
          </select>
        </div>
        <button type="submit">Filter</button>
        {filtered ? <a href={base}>Clear filter</a> : null}
      </form>
      <p id="live-notice" class="notice" hidden>
        Checks were added or removed. <a href={base}>Reload</a> to see them.
      </p>
      {shown === 0 ? (
        <div class="panel">{filtered ? <p>No checks match this filter.</p> : <p>No checks yet. A check watches one cron job, backup or endpoint.</p>}</div>
      ) : (
        <div class="table-wrap">
          <table class="cards checks-table">
            <caption class="visually-hidden">Checks of {access.project.name}</caption>
            <thead>
              <tr>
                <th scope="col">Status</th>
                <th scope="col">Name</th>
                <th scope="col">Last ping</th>
                <th scope="col">Next expected</th>
                <th scope="col">Schedule</th>
              </tr>
            </thead>
            {/* Rows are pre-rendered by preact (escaped) and reused while unchanged: dashboard-rows.ts. */}
            <tbody dangerouslySetInnerHTML={{ __html: rowsHtml }} />
          </table>
        </div>
      )}
    </Layout>
  );
}
