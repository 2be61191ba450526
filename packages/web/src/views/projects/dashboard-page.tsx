import { roleAllows } from '@upmon/core';
import type { ProjectAccess } from '../../http/project-access.js';
import { BulkActionsForm } from './bulk-actions-form.js';
import { EmptyDashboard } from './empty-dashboard.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { ProjectNav } from '../project-nav.js';
import { STATUS_LOOK, StatusBadge } from '../status-badge.js';
import { dashboardHref, isFiltered, PAGE_SIZE, pageNumbers, SORTS, STATUSES, toggledTags, type DashboardQuery } from '../../dashboard-query.js';
import type { DashboardSummary } from '../../queries/dashboard-checks.js';

export interface DashboardProps {
  page: PageContext;
  access: ProjectAccess;
  query: DashboardQuery;
  /** How many checks the filter kept (the rows of this page are in rowsHtml). */
  matched: number;
  /** The table rows of this page, rendered by DashboardRows. */
  rowsHtml: string;
  summary: DashboardSummary;
  /** `<ping domain>/<project ping key>`: the empty dashboard's examples ping slug URLs under it. */
  pingUrlBase: string;
  /** What the last action did (`?done=`), if anything. */
  notice?: string;
}

/** "(2 down) Backups": the tab says how many are down. */
export function dashboardTitle(projectName: string, down: number): string {
  return down > 0 ? `(${down} down) ${projectName}` : projectName;
}

export function DashboardPage({ page, access, query, matched, rowsHtml, summary, pingUrlBase, notice }: DashboardProps) {
  const canWrite = roleAllows(access.role, 'checks.write');
  const base = `/projects/${access.project.id}`;
  const { counts, tags } = summary;
  const total = STATUSES.reduce((n, s) => n + counts[s], 0);
  const filtered = isFiltered(query);
  const pages = Math.max(1, Math.ceil(matched / PAGE_SIZE));
  const first = (query.page - 1) * PAGE_SIZE + 1;
  const shown = Math.min(PAGE_SIZE, matched - first + 1);
  const href = (changes: Partial<DashboardQuery>) => dashboardHref(base, query, { page: 1, ...changes });
  return (
    <Layout
      page={page}
      title={dashboardTitle(access.project.name, counts.down)}
      crumbs={[{ label: 'Projects', href: '/projects' }, { label: access.account.name }]}
      bodyData={{ poll: `${base}/status.json`, 'poll-all': filtered || pages > 1 ? '0' : '1' }}
    >
      {notice ? (
        <p class="notice" role="status">
          {notice}
        </p>
      ) : null}
      <div class="head">
        <h1>{access.project.name}</h1>
        {canWrite ? (
          <div class="actions">
            <a class="button primary" href={`${base}/checks/new`}>
              New check
            </a>
          </div>
        ) : null}
      </div>
      <ProjectNav access={access} current="checks" />
      {total > 0 ? (
        <nav class="summary" aria-label="Checks by status" data-live="counts">
          {STATUSES.filter((s) => counts[s] > 0).map((s) => (
            <a href={href({ status: s })} class="summary-item" aria-current={query.status === s ? 'true' : undefined}>
              <StatusBadge status={s} /> {counts[s]}
            </a>
          ))}
        </nav>
      ) : null}
      {total > 0 ? (
        <form method="get" action={base} class="filters" role="search" aria-label="Filter checks" data-submit-on-change>
          <div class="field">
            <label for="filter-q">Name or slug</label>
            <input id="filter-q" name="q" type="search" value={query.q} maxLength={100} placeholder="Name or slug" />
          </div>
          <div class="field">
            <label for="filter-status">Status</label>
            <select id="filter-status" name="status">
              <option value="">All statuses</option>
              {STATUSES.map((s) => (
                <option value={s} selected={s === query.status}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div class="field">
            <label for="filter-sort">Sort by</label>
            <select id="filter-sort" name="sort">
              {Object.entries(SORTS).map(([value, label]) => (
                <option value={value} selected={value === query.sort}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {query.tags.map((t) => (
            <input type="hidden" name="tag" value={t} />
          ))}
          {/* Without script: choosing a status or an order applies with this button (app.js submits on change and hides it). */}
          <button type="submit" data-submit-button>
            Show
          </button>
          {filtered ? <a href={dashboardHref(base, { ...query, q: '', tags: [], status: null, page: 1 })}>Clear filter</a> : null}
        </form>
      ) : null}
      {tags.length > 0 ? (
        <nav class="tag-chips" aria-label="Tags (pick several to narrow down)">
          {tags.map(({ tag, worst }) => {
            const on = query.tags.includes(tag);
            return (
              <a
                href={href({ tags: toggledTags(query.tags, tag) })}
                class={`tag-chip tag-${worst}${on ? ' on' : ''}`}
                aria-current={on ? 'true' : undefined}
                title={`${on ? 'Selected. ' : ''}Worst check: ${worst}`}
              >
                <span aria-hidden="true">{STATUS_LOOK[worst].icon}</span> {tag}
                <span class="visually-hidden">{` (worst check ${worst}${on ? ', selected' : ''})`}</span>
              </a>
            );
          })}
        </nav>
      ) : null}
      <p id="live-notice" class="notice" hidden>
        Checks were added or removed. <a href={base}>Reload</a> to see them.
      </p>
      {matched === 0 ? (
        total === 0 ? (
          <EmptyDashboard base={base} pingUrlBase={pingUrlBase} canWrite={canWrite} />
        ) : (
          <div class="panel">
            <p>No checks match this filter.</p>
          </div>
        )
      ) : (
        <>
          {canWrite ? <BulkActionsForm base={base} csrf={page.csrf} view={dashboardHref('', query).replace(/^\?/, '')} /> : null}
          <div class="table-wrap">
            <table class={canWrite ? 'cards checks-table selectable' : 'cards checks-table'}>
              <caption class="visually-hidden">
                Checks of {access.project.name}, {SORTS[query.sort]}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Status</th>
                  <th scope="col">Name</th>
                  <th scope="col">Last 24 hours</th>
                  <th scope="col">Last ping</th>
                  <th scope="col">Next expected</th>
                  <th scope="col">Schedule</th>
                </tr>
              </thead>
              {/* Rows are pre-rendered by preact (escaped) and reused while unchanged: dashboard-rows.ts. */}
              <tbody dangerouslySetInnerHTML={{ __html: rowsHtml }} />
            </table>
          </div>
        </>
      )}
      {matched > 0 ? (
        <nav class="pager" aria-label="Pages">
          <span>
            {first}–{first + shown - 1} of {matched} {matched === 1 ? 'check' : 'checks'}
          </span>
          {query.page > 1 ? (
            <a href={dashboardHref(base, query, { page: query.page - 1 })} rel="prev">
              ← Previous
            </a>
          ) : null}
          {pages > 1
            ? pageNumbers(query.page, pages).map((n) =>
                n === null ? (
                  <span aria-hidden="true">…</span>
                ) : (
                  <a href={dashboardHref(base, query, { page: n })} aria-current={n === query.page ? 'page' : undefined} aria-label={`Page ${n}`}>
                    {n}
                  </a>
                ),
              )
            : null}
          {query.page < pages ? (
            <a href={dashboardHref(base, query, { page: query.page + 1 })} rel="next">
              Next →
            </a>
          ) : null}
        </nav>
      ) : null}
    </Layout>
  );
}
