import type { Assets } from '../../http/assets.js';
import { MessagePage } from '../message-page.js';

/** What a subscription link or form led to. */
export type SubscriptionPageState =
  | { kind: 'check-inbox'; pageTitle: string; statusUrl: string }
  | { kind: 'invalid-email'; pageTitle: string; statusUrl: string; error: string; email: string }
  | { kind: 'confirm'; pageTitle: string }
  | { kind: 'confirmed'; pageTitle: string; statusUrl: string }
  | { kind: 'unsubscribe'; pageTitle: string }
  | { kind: 'unsubscribed'; statusUrl: string }
  | { kind: 'invalid-link' };

const TITLES: Record<SubscriptionPageState['kind'], string> = {
  'check-inbox': 'Check your inbox',
  'invalid-email': 'Check the address',
  confirm: 'Confirm your subscription',
  confirmed: 'Subscribed',
  unsubscribe: 'Unsubscribe?',
  unsubscribed: 'Unsubscribed',
  'invalid-link': 'This link does not work',
};

/** The form that asks for a page's news by e-mail; the status page and the error page share it. */
export function SubscribeForm({ action, email = '', error }: { action: string; email?: string; error?: string }) {
  return (
    <form method="post" action={action} class="subscribe-form" noValidate>
      <label for="subscribe-email">E-mail address</label>
      <input
        id="subscribe-email"
        name="email"
        type="email"
        autocomplete="email"
        maxLength={254}
        required
        value={email}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'subscribe-email-error' : undefined}
      />
      {error ? (
        <p id="subscribe-email-error" class="error">
          {error}
        </p>
      ) : null}
      <button type="submit">Subscribe</button>
    </form>
  );
}

/**
 * The pages of subscribing by e-mail (docs/status-pages.md, "Subscribers"). The same "check your
 * inbox" answers a new, a waiting and a confirmed address. GET of a mailed link only shows a
 * button (mail scanners fetch links); the button posts back to the same URL.
 */
export function SubscriptionPage({ assets, state }: { assets: Assets; state: SubscriptionPageState }) {
  const page = { viewer: null, csrf: '', assets };
  return (
    <MessagePage page={page} title={TITLES[state.kind]}>
      {state.kind === 'check-inbox' && (
        <>
          <p>
            If the address can receive news of <strong>{state.pageTitle}</strong>, a message with a confirmation link is on its way. Nothing is sent until the
            link is opened.
          </p>
          <p>
            <a href={state.statusUrl}>Back to the status page</a>
          </p>
        </>
      )}
      {state.kind === 'invalid-email' && (
        <>
          <p>
            News of <strong>{state.pageTitle}</strong> by e-mail:
          </p>
          <SubscribeForm action={`${state.statusUrl}/subscribe`} email={state.email} error={state.error} />
        </>
      )}
      {state.kind === 'confirm' && (
        <>
          <p>
            Send news of <strong>{state.pageTitle}</strong> (incidents, their updates and their resolution) to this address?
          </p>
          <form method="post">
            <button type="submit">Confirm</button>
          </form>
        </>
      )}
      {state.kind === 'confirmed' && (
        <>
          <p>
            News of <strong>{state.pageTitle}</strong> will be sent to this address. Every message has a link to unsubscribe.
          </p>
          <p>
            <a href={state.statusUrl}>To the status page</a>
          </p>
        </>
      )}
      {state.kind === 'unsubscribe' && (
        <>
          <p>
            Stop sending news of <strong>{state.pageTitle}</strong> to this address?
          </p>
          <form method="post">
            <button type="submit">Unsubscribe</button>
          </form>
        </>
      )}
      {state.kind === 'unsubscribed' && (
        <>
          <p>No more news of this status page will be sent to this address.</p>
          <p>
            <a href={state.statusUrl}>To the status page</a>
          </p>
        </>
      )}
      {state.kind === 'invalid-link' && <p>It was used already, has expired, or was copied incompletely. Subscribing again sends a new link.</p>}
    </MessagePage>
  );
}
