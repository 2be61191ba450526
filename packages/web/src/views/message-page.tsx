import type { ComponentChildren } from 'preact';
import { Layout } from './layout.js';
import type { PageContext } from './page-context.js';

/** A page with a heading and a few words: errors, "check your e-mail", and the like. */
export function MessagePage({ page, title, children }: { page: PageContext; title: string; children: ComponentChildren }) {
  return (
    <Layout page={page} title={title}>
      <section class="narrow">
        <h1>{title}</h1>
        {children}
      </section>
    </Layout>
  );
}
