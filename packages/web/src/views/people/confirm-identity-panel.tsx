import { PASSWORD_MAX_LENGTH } from '@upmon/crypto';
import { CsrfField } from '../csrf-field.js';
import { TextField, type FormErrors } from '../form-fields.js';

/** What the person can confirm who they are with. */
export interface IdentityProofs {
  password: boolean;
  /** A TOTP code or an unused recovery code. */
  code: boolean;
}

export interface ConfirmIdentityPanelProps {
  csrf: string;
  proofs: IdentityProofs;
  minutes: number;
  errors: FormErrors;
}

/** /me/two-factor without a recent proof: "confirm it's you" before any change to second factors. */
export function ConfirmIdentityPanel(p: ConfirmIdentityPanelProps) {
  const { password, code } = p.proofs;
  return (
    <div class="panel" id="confirm-identity">
      <h2 class="first">Confirm it’s you</h2>
      <p>
        Changing your second factors (an authenticator app, security keys, recovery codes) needs a proof that you are at this browser: your sign-in, or a
        confirmation, within the last {p.minutes} minutes.
      </p>
      {password || code ? (
        <form method="post" action="/me/two-factor/confirm-identity" class="stack">
          <CsrfField token={p.csrf} />
          {password ? (
            <TextField
              name="password"
              label="Your password"
              type="password"
              autocomplete="current-password"
              maxLength={PASSWORD_MAX_LENGTH}
              errors={p.errors}
            />
          ) : null}
          {code ? (
            <TextField
              name="code"
              label={password ? 'Or a code from your authenticator app (or a recovery code)' : 'Code from your authenticator app (or a recovery code)'}
              autocomplete="one-time-code"
              maxLength={40}
              errors={p.errors}
            />
          ) : null}
          <button type="submit" class="primary">
            Confirm
          </button>
        </form>
      ) : (
        <p>You have no password or code to confirm with: sign out and sign in again (signing in is the proof).</p>
      )}
    </div>
  );
}
