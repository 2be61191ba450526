import { roleAllows } from '@upmon/core';
import type { PrivateLocation } from '@upmon/db';
import type { ProjectAccess } from '../../http/project-access.js';
import { CardsTable } from '../cards-table.js';
import { CopyBlock } from '../copy-block.js';
import { CsrfField } from '../csrf-field.js';
import { TextField, type FormErrors } from '../form-fields.js';
import { RotateRevokeActions } from '../key-rotation.js';
import { NewKeyPanel } from '../new-key-panel.js';
import type { PageContext } from '../page-context.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { Time } from '../time.js';

export interface LocationsPageProps {
  page: PageContext;
  access: ProjectAccess;
  locations: PrivateLocation[];
  now: Date;
  /** Where the prober reaches upmon (APP_BASE_URL). */
  apiUrl: string;
  /** A key just made: shown this once. */
  created?: { name: string; code: string; key: string; rotatedFrom?: string };
  errors?: FormErrors;
  notice?: string;
}

/** The `docker run` line for a location key (docs/locations.md, "Private locations"). */
export function dockerRunLine(apiUrl: string, key: string): string {
  return [
    'docker run -d --name upmon-private-location --restart on-failure:3 \\',
    '  -e PROBER_MODE=remote \\',
    `  -e UPMON_API_URL=${apiUrl} \\`,
    `  -e PROBER_LOCATION_KEY=${key} \\`,
    '  upmon node services/prober/dist/main.js',
  ].join('\n');
}

function LocationState({ l, now }: { l: PrivateLocation; now: Date }) {
  if (l.revokedAt)
    return (
      <span class="muted">
        revoked <Time at={l.revokedAt} />
      </span>
    );
  if (!l.lastSeenAt) return <span class="muted">never connected</span>;
  // Its prober asks at least every 30 s; the stamp is written at most once a minute.
  if (now.getTime() - l.lastSeenAt.getTime() > 3 * 60_000)
    return (
      <span class="outcome-failed_retrying">
        not seen since <Time at={l.lastSeenAt} relative />
      </span>
    );
  return <span class="outcome-succeeded">connected</span>;
}

export function LocationsPage({ page, access, locations, now, apiUrl, created, errors, notice }: LocationsPageProps) {
  const canManage = roleAllows(access.role, 'keys.manage');
  const base = `/projects/${access.project.id}/locations`;
  return (
    <ProjectSectionPage page={page} access={access} section="locations" label="Private locations">
      <p class="hint">
        A private location is a prober you run inside your own network: it probes what only that network reaches, and connects out to upmon over HTTPS with its
        location key (nothing connects in). Name it in a check's locations by its code. These belong to the account: every project sees them.
      </p>
      {notice ? <p class="notice">{notice}</p> : null}
      {created ? (
        <NewKeyPanel
          id="new-location-key"
          heading={created.rotatedFrom ? `New key for ${created.name}` : `${created.name} is ready`}
          copyNow="Copy the key now"
          secret={{ text: created.key, label: 'location key' }}
          rotatedFrom={created.rotatedFrom}
        >
          <p>Run the prober where it should probe from:</p>
          <CopyBlock id="docker-run" text={dockerRunLine(apiUrl, created.key)} label="docker run command" multiline />
          <p class="hint">
            On Kubernetes: <code>infra/kubernetes/private-location</code>. Checks probed from it name <code>{created.code}</code> in their locations.
          </p>
        </NewKeyPanel>
      ) : null}
      <h2>Locations</h2>
      {locations.length === 0 ? (
        <p class="muted">No private locations yet.</p>
      ) : (
        <CardsTable columns={['Name', 'Code', 'Key', 'Created', 'State', canManage && 'Actions']}>
          {locations.map((l) => (
            <tr data-location-id={l.id}>
              <td>{l.name}</td>
              <td data-label="Code">
                <code>{l.code}</code>
              </td>
              <td data-label="Key">
                <code>{l.keyPrefix}…</code>
                {l.previousKeyExpiresAt && l.previousKeyExpiresAt > now ? (
                  <span class="hint">
                    {' '}
                    (the previous key works until <Time at={l.previousKeyExpiresAt} />)
                  </span>
                ) : null}
              </td>
              <td data-label="Created">
                <Time at={l.createdAt} />
              </td>
              <td data-label="State">
                <LocationState l={l} now={now} />
              </td>
              {canManage ? (
                <td data-label="Actions">
                  {l.revokedAt ? null : (
                    <RotateRevokeActions
                      action={`${base}/${l.id}`}
                      csrf={page.csrf}
                      words={{ grace: 'New key', dropNow: 'Refuse the old key now', rotate: 'Rotate key', revoke: 'Revoke' }}
                    />
                  )}
                </td>
              ) : null}
            </tr>
          ))}
        </CardsTable>
      )}
      {canManage ? (
        <section class="panel" aria-labelledby="h-create-location">
          <h2 id="h-create-location" class="first">
            Add a private location
          </h2>
          <form method="post" action={base} class="stack">
            <CsrfField token={page.csrf} />
            <TextField name="name" label="Name" errors={errors} maxLength={100} hint="Shown in alerts, e.g. Office LAN or eu-datacenter-2." />
            <button type="submit" class="primary">
              Create location
            </button>
          </form>
        </section>
      ) : (
        <p class="muted">Owners and admins of the account manage private locations.</p>
      )}
    </ProjectSectionPage>
  );
}
