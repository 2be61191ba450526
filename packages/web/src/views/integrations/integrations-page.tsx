import { roleAllows } from '@upmon/core';
import type { ProjectAccess } from '../../http/project-access.js';
import { KIND_LABELS } from '../../forms/integration-form.js';
import { CHANNEL_KINDS } from '@upmon/channels';
import type { IntegrationKind } from '@upmon/db';
import type { DeliveryRow } from '../../queries/check-deliveries.js';
import { CardsTable } from '../cards-table.js';
import { DeliveryOutcome } from '../delivery-log-table.js';
import { Layout } from '../layout.js';
import { Time } from '../time.js';
import type { PageContext } from '../page-context.js';
import { ProjectNav } from '../project-nav.js';

export interface IntegrationSummary {
  id: number;
  kind: IntegrationKind;
  name: string;
  enabled: boolean;
  events: string[];
  tags: string[] | null;
  linked: boolean;
  /** E-mail: the address was confirmed through the mailed link. */
  verified: boolean;
  /** Its newest delivery (an alert or a test), if any. */
  lastDelivery: DeliveryRow | null;
}

export function IntegrationsPage({ page, access, integrations }: { page: PageContext; access: ProjectAccess; integrations: IntegrationSummary[] }) {
  const base = `/projects/${access.project.id}/integrations`;
  return (
    <Layout
      page={page}
      title={`Integrations · ${access.project.name}`}
      crumbs={[{ label: 'Projects', href: '/projects' }, { label: access.project.name, href: `/projects/${access.project.id}` }, { label: 'Integrations' }]}
    >
      <div class="head">
        <h1>{access.project.name}</h1>
        {roleAllows(access.role, 'integrations.write') ? (
          <div class="actions">
            <a class="button primary" href={`${base}/new`}>
              Add integration
            </a>
          </div>
        ) : null}
      </div>
      <ProjectNav access={access} current="integrations" />
      {integrations.length === 0 ? (
        <p class="panel">No integrations yet: nobody is told when a check goes down. Add one.</p>
      ) : (
        <CardsTable columns={['Name', 'Kind', 'Notifies about', 'Checks', 'State', 'Last delivery']}>
          {integrations.map((i) => (
            <tr>
              <td>
                <a href={`${base}/${i.id}`} class="check-name">
                  {i.name}
                </a>
              </td>
              <td data-label="Kind">{KIND_LABELS[i.kind]}</td>
              <td data-label="Notifies about">{i.events.length ? i.events.join(', ') : <span class="muted">nothing</span>}</td>
              <td data-label="Checks">{i.tags ? i.tags.map((t) => <span class="tag">{t}</span>) : 'all'}</td>
              <td data-label="State">
                {i.enabled ? 'enabled' : <span class="muted">disabled</span>}
                {i.kind === 'telegram' && !i.linked ? <span class="muted"> · no chat linked yet</span> : null}
                {i.kind === 'email' && !i.verified ? <span class="muted"> · address not verified yet</span> : null}
              </td>
              <td data-label="Last delivery" data-field="last-delivery">
                {i.lastDelivery ? (
                  <>
                    <Time at={i.lastDelivery.createdAt} /> ({i.lastDelivery.event}): <DeliveryOutcome row={i.lastDelivery} />
                  </>
                ) : (
                  <span class="muted">nothing sent yet</span>
                )}
              </td>
            </tr>
          ))}
        </CardsTable>
      )}
    </Layout>
  );
}

export function NewIntegrationPage({ page, access }: { page: PageContext; access: ProjectAccess }) {
  const base = `/projects/${access.project.id}/integrations`;
  return (
    <Layout
      page={page}
      title="Add integration"
      crumbs={[
        { label: 'Projects', href: '/projects' },
        { label: access.project.name, href: `/projects/${access.project.id}` },
        { label: 'Integrations', href: base },
        { label: 'Add' },
      ]}
    >
      <h1>Add integration</h1>
      <p>Where should upmon send alerts?</p>
      <ul class="kind-list">
        {CHANNEL_KINDS.map((k) => (
          <li>
            <a class="button" href={`${base}/new?kind=${k.kind}`}>
              {k.label}
            </a>
          </li>
        ))}
      </ul>
    </Layout>
  );
}
