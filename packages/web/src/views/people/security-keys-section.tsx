import type { StoredSecurityKey } from '@upmon/user-store';
import { CsrfField } from '../csrf-field.js';
import { TextField, type FormErrors } from '../form-fields.js';
import { Time } from '../time.js';

export interface SecurityKeysSectionProps {
  csrf: string;
  keys: StoredSecurityKey[];
  /** Registration options (JSON) for the browser script: navigator.credentials.create. */
  keyOptions: string;
  errors: FormErrors;
  /** Keys may be added and removed now (a recent proof of who the person is). */
  canChange: boolean;
}

/** /me/two-factor's security keys and passkeys: list, remove, register one (assets/security-keys.js). */
export function SecurityKeysSection(p: SecurityKeysSectionProps) {
  return (
    <>
      <h2>Security keys and passkeys</h2>
      {p.keys.length > 0 ? (
        <ul class="plain" id="security-keys">
          {p.keys.map((k) => (
            <li>
              <strong>{k.name}</strong>{' '}
              <span class="muted">
                added <Time at={k.createdAt} relative />
                {k.lastUsedAt ? (
                  <>
                    , last used <Time at={k.lastUsedAt} relative />
                  </>
                ) : null}
              </span>
              {p.canChange ? (
                <form method="post" action={`/me/two-factor/security-keys/${k.id}/remove`} class="inline">
                  <CsrfField token={p.csrf} />
                  <button type="submit" class="small danger" aria-label={`Remove security key ${k.name}`}>
                    Remove
                  </button>
                </form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p>None yet. A security key (YubiKey, …) or a passkey on this device can stand in for the code from the app when you sign in.</p>
      )}
      {p.canChange ? (
        <form method="post" action="/me/two-factor/security-keys" class="stack" data-webauthn="create" data-webauthn-options={p.keyOptions}>
          <CsrfField token={p.csrf} />
          <input type="hidden" name="credential" value="" />
          <TextField
            name="key_name"
            label="Name of the key"
            required
            maxLength={60}
            errors={p.errors}
            hint="So you can tell your keys apart, e.g. “YubiKey on my keyring”."
          />
          <p class="alert alert-error" role="alert" data-webauthn-error hidden />
          <button type="submit">Add a security key</button>
        </form>
      ) : null}
    </>
  );
}
