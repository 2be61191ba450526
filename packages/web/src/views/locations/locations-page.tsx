import { roleAllows } from '@upmon/core';
import type { PrivateLocation } from '@upmon/db';
import type { ProjectAccess } from '../../http/project-access.js';
import { CopyBlock } from '../copy-block.js';
import { CsrfField } from '../csrf-field.js';
import { SelectField, TextField, type FormErrors } from '../form-fields.js';
import type { PageContext } from '../page-context.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { Time } from '../time.js';

/** Grace periods offered when rotating a location key: the old key keeps working this long. */
export const LOCATION_KEY_GRACE = [
  { value: '0', label: 'Refuse the old key now' },
  { value: '3600', label: 'Keep the old key for 1 hour' },
  { value: '86400', label: 'Keep the old key for 24 hours' },
  { value: '604800', label: 'Keep the old key for 7 days' },
];

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
        <section class="panel" aria-labelledby="h-new-location-key">
          <h2 id="h-new-location-key" class="first">
            {created.rotatedFrom ? `New key for ${created.name}` : `${created.name} is ready`}
          </h2>
          <p>
            <strong>Copy the key now: it is shown only this once.</strong> upmon keeps only a hash of it.
          </p>
          <div class="secret">
            <CopyBlock id="new-location-key" text={created.key} label="location key" />
          </div>
          {created.rotatedFrom ? <p class="hint">{created.rotatedFrom}</p> : null}
          <p>Run the prober where it should probe from:</p>
          <CopyBlock id="docker-run" text={dockerRunLine(apiUrl, created.key)} label="docker run command" multiline />
          <p class="hint">
            On Kubernetes: <code>infra/kubernetes/private-location</code>. Checks probed from it name <code>{created.code}</code> in their locations.
          </p>
        </section>
      ) : null}
      <h2>Locations</h2>
      {locations.length === 0 ? (
        <p class="muted">No private locations yet.</p>
      ) : (
        <div class="table-wrap">
          <table class="cards">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Code</th>
                <th scope="col">Key</th>
                <th scope="col">Created</th>
                <th scope="col">State</th>
                {canManage ? <th scope="col">Actions</th> : null}
              </tr>
            </thead>
            <tbody>
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
                        <div class="key-actions">
                          <form method="post" action={`${base}/${l.id}/rotate`} class="inline-form">
                            <CsrfField token={page.csrf} />
                            <SelectField name="grace_sec" label="New key" options={LOCATION_KEY_GRACE} value="0" />
                            <button type="submit" class="small">
                              Rotate key
                            </button>
                          </form>
                          <form method="post" action={`${base}/${l.id}/revoke`} class="inline">
                            <CsrfField token={page.csrf} />
                            <button type="submit" class="small danger">
                              Revoke
                            </button>
                          </form>
                        </div>
                      )}
                    </td>
                  ) : null}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
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
