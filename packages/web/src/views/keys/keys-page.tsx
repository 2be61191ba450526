import { planLimits, roleAllows } from '@upmon/core';
import type { ApiKey } from '@upmon/db';
import type { ProjectAccess } from '../../http/project-access.js';
import { CardsTable } from '../cards-table.js';
import { CsrfField } from '../csrf-field.js';
import { SelectField, TextField, type FormErrors } from '../form-fields.js';
import { RotateRevokeActions } from '../key-rotation.js';
import { NewKeyPanel } from '../new-key-panel.js';
import type { PageContext } from '../page-context.js';
import { ProjectSectionPage } from '../project-section-page.js';
import { Time } from '../time.js';

export interface KeysPageProps {
  page: PageContext;
  access: ProjectAccess;
  keys: ApiKey[];
  now: Date;
  /** A key just made: shown this once. */
  created?: { key: string; name: string | null; kind: string; rotatedFrom?: string };
  errors?: FormErrors;
}

function KeyState({ k, now }: { k: ApiKey; now: Date }) {
  if (!k.revokedAt) return <span class="outcome-succeeded">active</span>;
  if (k.revokedAt > now)
    return (
      <span class="outcome-failed_retrying">
        revoked at <Time at={k.revokedAt} />
      </span>
    );
  return (
    <span class="muted">
      revoked <Time at={k.revokedAt} />
    </span>
  );
}

export function KeysPage({ page, access, keys, now, created, errors }: KeysPageProps) {
  const canManage = roleAllows(access.role, 'keys.manage');
  const base = `/projects/${access.project.id}/keys`;
  return (
    <ProjectSectionPage page={page} access={access} section="keys" label="API keys">
      {!planLimits(access.account.plan).apiAccess ? (
        <p class="notice">
          The REST API is available on the Pro and Business plans; this account is on the {access.account.plan} plan, so keys are refused by the API until it is
          upgraded.
        </p>
      ) : null}
      {created ? (
        <NewKeyPanel
          id="new-key"
          heading={created.rotatedFrom ? 'Your new key (rotated)' : 'Your new key'}
          copyNow="Copy it now"
          secret={{ text: created.key, label: 'API key' }}
          rotatedFrom={created.rotatedFrom}
        >
          <p class="hint">
            Use it as <code>Authorization: Bearer &lt;key&gt;</code> on <code>/api/v1</code>.
          </p>
        </NewKeyPanel>
      ) : null}
      <h2>Keys</h2>
      {keys.length === 0 ? (
        <p class="muted">No keys yet.</p>
      ) : (
        <CardsTable columns={['Name', 'Access', 'Prefix', 'Created', 'Last used', 'State', canManage && 'Actions']}>
          {keys.map((k) => {
            const usable = !k.revokedAt || k.revokedAt > now;
            return (
              <tr data-key-id={k.id}>
                <td>{k.name ?? <span class="muted">(no name)</span>}</td>
                <td data-label="Access">{k.kind === 'rw' ? 'read-write' : 'read-only'}</td>
                <td data-label="Prefix">
                  <code>{k.prefix}…</code>
                </td>
                <td data-label="Created">
                  <Time at={k.createdAt} />
                </td>
                <td data-label="Last used">{k.lastUsedAt ? <Time at={k.lastUsedAt} relative /> : <span class="muted">never</span>}</td>
                <td data-label="State">
                  <KeyState k={k} now={now} />
                </td>
                {canManage ? (
                  <td data-label="Actions">
                    {usable ? (
                      <RotateRevokeActions
                        action={`${base}/${k.id}`}
                        csrf={page.csrf}
                        words={{ grace: 'Rotate', dropNow: 'Revoke the old key now', rotate: 'Rotate', revoke: 'Revoke now' }}
                      />
                    ) : null}
                  </td>
                ) : null}
              </tr>
            );
          })}
        </CardsTable>
      )}
      {canManage ? (
        <section class="panel" aria-labelledby="h-create-key">
          <h2 id="h-create-key" class="first">
            Create a key
          </h2>
          <form method="post" action={base} class="stack">
            <CsrfField token={page.csrf} />
            <TextField name="name" label="Name" errors={errors} maxLength={255} hint="Optional: where the key is used, e.g. terraform or grafana." />
            <SelectField
              name="kind"
              label="Access"
              errors={errors}
              value="rw"
              options={[
                { value: 'rw', label: 'Read-write: manage checks and integrations' },
                { value: 'ro', label: 'Read-only: GET endpoints only' },
              ]}
            />
            <button type="submit" class="primary">
              Create key
            </button>
          </form>
        </section>
      ) : (
        <p class="muted">Owners and admins of the account manage API keys.</p>
      )}
    </ProjectSectionPage>
  );
}
