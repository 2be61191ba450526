import { MessagePage } from '../message-page.js';
import type { PageContext } from '../page-context.js';

/** A refused SSO sign-in: what was wrong, in words (the details are in the account's audit log). */
export function SsoRefusedPage({ page, message }: { page: PageContext; message: string }) {
  return (
    <MessagePage page={page} title="Single sign-on refused">
      <div class="alert alert-error" role="alert">
        <p>{message}</p>
      </div>
      <p>Nobody was signed in. The refusal is in the account's audit log.</p>
      <p>
        <a href="/sign-in/sso">Start again</a> · <a href="/sign-in">Sign in</a>
      </p>
    </MessagePage>
  );
}
