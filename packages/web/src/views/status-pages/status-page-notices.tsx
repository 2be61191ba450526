import type { ComponentChildren } from 'preact';

/** What the last action did, announced to screen readers (`role="status"`); nothing without one. */
export function ActionNotice({ text }: { text: string | null | undefined }) {
  return text ? (
    <p class="alert" role="status">
      {text}
    </p>
  ) : null;
}

/** The status page's sub-pages before the project has one: a link to set it up, and why. */
export function NoStatusPageYet({ projectId, children }: { projectId: string; children: ComponentChildren }) {
  return (
    <p class="notice">
      This project has no status page yet: <a href={`/projects/${projectId}/status-page`}>set one up</a>
      {children}
    </p>
  );
}
