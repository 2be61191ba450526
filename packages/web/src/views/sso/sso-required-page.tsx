import { MessagePage } from '../message-page.js';
import type { PageContext } from '../page-context.js';

/** A password or link sign-in refused: the person's account signs in through its identity provider. */
export function SsoRequiredPage({ page, accountName, email }: { page: PageContext; accountName: string; email: string }) {
  return (
    <MessagePage page={page} title="Sign in with single sign-on">
      <div class="alert alert-error" role="alert">
        <p>
          {accountName} requires its members to sign in through its identity provider: passwords and e-mailed links are not accepted for {email}.
        </p>
      </div>
      <p>
        <a class="button primary" href={`/sign-in/sso?email=${encodeURIComponent(email)}`}>
          Continue with SSO
        </a>
      </p>
    </MessagePage>
  );
}
