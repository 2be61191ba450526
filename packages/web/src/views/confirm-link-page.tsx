import type { ComponentChildren } from 'preact';
import { CsrfField } from './csrf-field.js';
import { MessagePage } from './message-page.js';
import type { PageContext } from './page-context.js';

/**
 * What an e-mailed link shows when opened (sign-in, sign-up, invitation): a question and one button
 * that posts back to the link. Only the POST uses the link up, so mail scanners that open links
 * do not.
 */
export function ConfirmLinkPage(props: { page: PageContext; title: string; action: string; button: ComponentChildren; children: ComponentChildren }) {
  return (
    <MessagePage page={props.page} title={props.title}>
      {props.children}
      <form method="post" action={props.action}>
        <CsrfField token={props.page.csrf} />
        <button type="submit" class="primary">
          {props.button}
        </button>
      </form>
    </MessagePage>
  );
}
