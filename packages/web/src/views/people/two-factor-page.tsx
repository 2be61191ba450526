import { CopyBlock } from '../copy-block.js';
import { CsrfField } from '../csrf-field.js';
import { TextField, type FormErrors } from '../form-fields.js';
import { Layout } from '../layout.js';
import type { PageContext } from '../page-context.js';
import { ConfirmIdentityPanel, type IdentityProofs } from './confirm-identity-panel.js';
import { SecurityKeysSection } from './security-keys-section.js';
import { TotpQrCode } from './totp-qr-code.js';
import type { StoredSecurityKey } from '@upmon/user-store';

export interface TwoFactorPageProps {
  page: PageContext;
  /** TOTP (an authenticator app) is on. */
  enabled: boolean;
  securityKeys: StoredSecurityKey[];
  /** Registration options for a new security key (JSON, for the browser script). */
  keyOptions: string;
  recoveryCodesLeft: number;
  /** A secret being set up: shown until a code confirms it. */
  pending: { secret: string; uri: string } | null;
  /** New recovery codes: shown in this response only. */
  recoveryCodes?: string[];
  /** An account of the viewer requires two-factor authentication and they have none yet. */
  required: boolean;
  errors: FormErrors;
  notice?: string;
  /** Null: changes are allowed (a recent proof of who they are); else what the person can confirm it with first. */
  confirmIdentity: IdentityProofs | null;
  /** How long a proof lets them change things. */
  confirmMinutes: number;
}

const codeField = (errors: FormErrors, label = 'Code from your authenticator app') => (
  <TextField name="code" label={label} autocomplete="one-time-code" inputmode="numeric" required maxLength={40} errors={errors} />
);

/** /me/two-factor: set up an authenticator app, recovery codes, turn it off; each change after "confirm it's you". */
export function TwoFactorPage(p: TwoFactorPageProps) {
  const canChange = p.confirmIdentity === null;
  return (
    <Layout page={p.page} title="Two-factor authentication" crumbs={[{ label: 'Profile', href: '/me' }, { label: 'Two-factor authentication' }]}>
      <section class="narrow">
        <h1>Two-factor authentication</h1>
        {p.notice ? (
          <p class="notice" role="status">
            {p.notice}
          </p>
        ) : null}
        {p.required && !p.enabled && p.securityKeys.length === 0 ? (
          <p class="alert alert-error" role="alert">
            An account you belong to requires two-factor authentication: set it up to go on.
          </p>
        ) : null}
        {p.confirmIdentity ? <ConfirmIdentityPanel csrf={p.page.csrf} proofs={p.confirmIdentity} minutes={p.confirmMinutes} errors={p.errors} /> : null}
        {p.recoveryCodes ? (
          <div class="panel">
            <h2 class="first">Your recovery codes</h2>
            <p>
              Keep these somewhere safe, apart from your phone. Each works once, in place of a code, if you lose your authenticator. They are shown only now.
            </p>
            <CopyBlock id="recovery-codes" text={p.recoveryCodes.join('\n')} label="recovery codes" multiline />
          </div>
        ) : null}
        {p.enabled ? (
          <>
            <p>
              <strong>On</strong>: signing in asks for a code from your authenticator app after your password. {p.recoveryCodesLeft} unused recovery code
              {p.recoveryCodesLeft === 1 ? '' : 's'} left.
            </p>
            {canChange ? (
              <>
                <h2>New recovery codes</h2>
                <form method="post" action="/me/two-factor/recovery-codes" class="stack">
                  <CsrfField token={p.page.csrf} />
                  <p>The old ones stop working.</p>
                  <button type="submit">Make new recovery codes</button>
                </form>
                <h2>Turn off</h2>
                <form method="post" action="/me/two-factor/disable" class="stack">
                  <CsrfField token={p.page.csrf} />
                  <p>Removes the authenticator app, every security key and the recovery codes.</p>
                  <button type="submit" class="danger">
                    Turn off two-factor authentication
                  </button>
                </form>
              </>
            ) : null}
          </>
        ) : p.pending && canChange ? (
          <>
            <p>
              Scan this code with your authenticator app (1Password, Google Authenticator, Aegis, …), or type in the key below, then type the code it shows.
            </p>
            <TotpQrCode uri={p.pending.uri} />
            <CopyBlock id="totp-secret" text={p.pending.secret} label="setup key" />
            <p>
              Or open this link on the phone that has the app: <a href={p.pending.uri}>add to authenticator</a>
            </p>
            <form method="post" action="/me/two-factor/confirm" class="stack">
              <CsrfField token={p.page.csrf} />
              {codeField(p.errors)}
              <button type="submit" class="primary">
                Turn on
              </button>
            </form>
          </>
        ) : (
          <>
            <p>
              <strong>Off</strong>. With it on, signing in also asks for a code from an authenticator app on your phone, so a stolen password is not enough.
            </p>
            {canChange ? (
              <form method="post" action="/me/two-factor/setup">
                <CsrfField token={p.page.csrf} />
                <button type="submit" class="primary">
                  Set up an authenticator app
                </button>
              </form>
            ) : null}
          </>
        )}
        <SecurityKeysSection csrf={p.page.csrf} keys={p.securityKeys} keyOptions={p.keyOptions} errors={p.errors} canChange={canChange} />
      </section>
    </Layout>
  );
}
