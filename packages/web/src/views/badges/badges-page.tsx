import { ALL_CHECKS, type ProjectBadge } from '@upmon/domain';
import type { ProjectAccess } from '../../http/project-access.js';
import { CopyBlock } from '../copy-block.js';
import type { PageContext } from '../page-context.js';
import { ProjectSectionPage } from '../project-section-page.js';

export interface BadgesPageProps {
  page: PageContext;
  access: ProjectAccess;
  badges: ProjectBadge[];
}

/** shields.io draws a badge from our `.shields` endpoint JSON (its "endpoint" badge). */
export const shieldsImageUrl = (endpoint: string) => `https://img.shields.io/endpoint?url=${encodeURIComponent(endpoint)}`;

/** What to paste where: the badge's URLs and ready-made snippets. */
export function badgeSnippets(b: ProjectBadge, projectName: string): { label: string; text: string }[] {
  const alt = b.tag === ALL_CHECKS ? `${projectName} status` : `${b.tag} status`;
  // Markdown: brackets in the alt text would end it early; HTML: attribute-escaped by hand (this is text to copy, not markup we render).
  const mdAlt = alt.replace(/[[\]\\]/g, (ch) => `\\${ch}`);
  const htmlAlt = alt.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  return [
    { label: 'SVG image', text: b.urls.svg },
    { label: 'JSON', text: b.urls.json },
    { label: 'Shields endpoint', text: b.urls.shields },
    { label: 'Markdown', text: `![${mdAlt}](${b.urls.svg})` },
    { label: 'HTML', text: `<img src="${b.urls.svg}" alt="${htmlAlt}">` },
    { label: 'Markdown through shields.io', text: `![${mdAlt}](${shieldsImageUrl(b.urls.shields)})` },
  ];
}

/**
 * Status badges for READMEs and dashboards (docs/web.md, "Badges"), on every plan: one for all
 * checks and one per tag, each with its URLs and snippets to copy. The badge key in them is not a
 * secret to sign in with: it only shows the up/late/down state.
 */
export function BadgesPage({ page, access, badges }: BadgesPageProps) {
  return (
    <ProjectSectionPage page={page} access={access} section="badges" label="Badges">
      <p>
        Badges show whether checks are up (late counts as up only with <code>?states=2</code>), late or down, for a README, a wiki or a dashboard. Anyone with a
        badge's URL can see that state, and nothing else: not the checks' names, pings or times.
      </p>
      {badges.map((b, i) => {
        const heading = b.tag === ALL_CHECKS ? 'All checks' : `Tag ${b.tag}`;
        const preview = new URL(b.urls.svg).pathname;
        return (
          <section class="panel badge" aria-labelledby={`badge-${i}`}>
            <h2 id={`badge-${i}`} class="first">
              {heading}
            </h2>
            <p>
              <img src={preview} alt={`Badge now: ${heading}`} height={20} />
            </p>
            <dl class="badge-snippets">
              {badgeSnippets(b, access.project.name).map((s, j) => (
                <>
                  <dt>{s.label}</dt>
                  <dd>
                    <CopyBlock id={`badge-${i}-${j}`} text={s.text} label={`${s.label} of ${heading}`} />
                  </dd>
                </>
              ))}
            </dl>
          </section>
        );
      })}
    </ProjectSectionPage>
  );
}
