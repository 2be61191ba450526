import { renderIncidentMarkdown } from '@upmon/core';
import type { PublicIncidentData } from '../../queries/public-status-incidents.js';
import { utcText } from '../time.js';
import { IMPACT_WORDS, STATE_WORDS } from './public-incidents-model.js';

function When({ at }: { at: Date }) {
  return <time datetime={at.toISOString()}>{utcText(at)}</time>;
}

/**
 * One announced incident: its title, state in words, what it affects and how, and its updates,
 * newest first, each message rendered from the Markdown subset (`renderIncidentMarkdown` escapes
 * everything else, so the HTML it returns is safe to insert). `heading` is its level on the page.
 */
function AnnouncedIncident({ incident, heading: H }: { incident: PublicIncidentData; heading: 'h3' }) {
  return (
    <article class={`announced-incident state-${incident.state}`}>
      <H>{incident.title}</H>
      <p class="incident-meta">
        <strong class="incident-state">{STATE_WORDS[incident.state]}</strong> · started <When at={incident.startedAt} />
        {incident.resolvedAt ? (
          <>
            {' '}
            · resolved <When at={incident.resolvedAt} />
          </>
        ) : null}
      </p>
      {incident.components.length > 0 ? (
        <p class="incident-components">
          Affects:{' '}
          {incident.components.map((c, i) => (
            <>
              {i > 0 ? ', ' : null}
              <span class={`impact impact-${c.impact}`}>{c.name}</span> ({IMPACT_WORDS[c.impact]})
            </>
          ))}
        </p>
      ) : null}
      <ol class="incident-updates" aria-label={`Updates on ${incident.title}, newest first`}>
        {incident.updates.map((u) => (
          <li>
            <p class="update-meta">
              <strong>{STATE_WORDS[u.state]}</strong> · <When at={u.createdAt} />
              {u.editedAt ? <span class="muted"> (edited)</span> : null}
            </p>
            <div class="update-message" dangerouslySetInnerHTML={{ __html: renderIncidentMarkdown(u.message) }} />
          </li>
        ))}
      </ol>
    </article>
  );
}

/** Open incidents, at the top of the page; nothing when there are none. */
export function ActiveIncidents({ incidents }: { incidents: PublicIncidentData[] }) {
  if (incidents.length === 0) return null;
  return (
    <section class="announced" aria-labelledby="active-incidents">
      <h2 id="active-incidents">Active incidents</h2>
      {incidents.map((i) => (
        <AnnouncedIncident incident={i} heading="h3" />
      ))}
    </section>
  );
}

/** Incidents resolved in the shown days, newest first; nothing when there are none. */
export function ResolvedIncidents({ incidents, days }: { incidents: PublicIncidentData[]; days: number }) {
  if (incidents.length === 0) return null;
  return (
    <section class="announced" aria-labelledby="resolved-incidents">
      <h2 id="resolved-incidents">Resolved incidents</h2>
      <p class="muted">Resolved in the last {days} days, newest first.</p>
      {incidents.map((i) => (
        <AnnouncedIncident incident={i} heading="h3" />
      ))}
    </section>
  );
}
