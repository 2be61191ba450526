import type { ComponentChildren } from 'preact';
import { CSRF_FIELD } from '../http/csrf.js';
import type { PageContext } from './page-context.js';

export interface Crumb {
  label: string;
  href?: string;
}

interface LayoutProps {
  page: PageContext;
  title: string;
  /** Path of links above the heading (project → check). */
  crumbs?: Crumb[];
  /** `data-` attributes for app.js (e.g. which JSON to poll). */
  bodyData?: Record<string, string>;
  children: ComponentChildren;
}

/** The shell of every page: header with navigation, main landmark, the app's CSS and JS. */
export function Layout({ page, title, crumbs, bodyData, children }: LayoutProps) {
  const { viewer } = page;
  const data = Object.fromEntries(Object.entries(bodyData ?? {}).map(([k, v]) => [`data-${k}`, v]));
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · upmon`}</title>
        <link rel="stylesheet" href={page.assets.url('base.css')} />
        <link rel="stylesheet" href={page.assets.url('app.css')} />
        <link rel="icon" href={page.assets.url('favicon.svg')} type="image/svg+xml" />
        <script type="module" src={page.assets.url('app.js')} />
      </head>
      <body {...data}>
        <a class="skip" href="#main">
          Skip to content
        </a>
        <header class="top">
          <a class="brand" href={viewer ? '/projects' : '/sign-in'}>
            <span aria-hidden="true">◉</span> upmon
          </a>
          {viewer ? (
            <nav aria-label="Main">
              <a href="/projects">Projects</a>
              {viewer.memberships.map((m) => (
                <a href={`/accounts/${m.accountId}`}>{viewer.memberships.length > 1 ? m.accountName : 'Account'}</a>
              ))}
              <a href="/me" title={viewer.email}>
                {viewer.name}
              </a>
              <form method="post" action="/sign-out" class="inline">
                <input type="hidden" name={CSRF_FIELD} value={page.csrf} />
                <button type="submit" class="link">
                  Sign out
                </button>
              </form>
            </nav>
          ) : null}
        </header>
        <main id="main" tabIndex={-1}>
          {crumbs && crumbs.length > 0 ? (
            <nav aria-label="Breadcrumb" class="crumbs">
              {crumbs.map((c, i) => (
                <span>
                  {i > 0 ? <span aria-hidden="true"> / </span> : null}
                  {c.href ? <a href={c.href}>{c.label}</a> : <span>{c.label}</span>}
                </span>
              ))}
            </nav>
          ) : null}
          {children}
        </main>
      </body>
    </html>
  );
}
