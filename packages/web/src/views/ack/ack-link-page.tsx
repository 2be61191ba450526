import { MessagePage } from '../message-page.js';
import type { PageContext } from '../page-context.js';
import { CsrfField } from '../csrf-field.js';
import { StatusBadge } from '../status-badge.js';
import { Time } from '../time.js';
import type { AckLinkTarget } from '../../queries/ack-link-target.js';

/** What the page says about the link: ask for the click, report it, or say why there is nothing to do. */
export type AckLinkState =
  | { kind: 'confirm'; target: AckLinkTarget; signedInAs: string | null }
  | { kind: 'acknowledged'; target: AckLinkTarget & { acknowledged: NonNullable<AckLinkTarget['acknowledged']> }; justNow: boolean }
  | { kind: 'ended'; target: AckLinkTarget }
  | { kind: 'invalid' }
  | { kind: 'expired'; checkId: string }
  | { kind: 'gone' };

const TITLES: Record<AckLinkState['kind'], string> = {
  confirm: 'Acknowledge this alert?',
  acknowledged: 'Acknowledged',
  ended: 'Nothing to acknowledge',
  invalid: 'This link does not work',
  expired: 'This link has expired',
  gone: 'This check no longer exists',
};

function CheckLine({ target }: { target: AckLinkTarget }) {
  return (
    <p class="ack-check">
      <strong>
        <a href={`/checks/${target.checkId}`}>{target.checkName}</a>
      </strong>{' '}
      is <StatusBadge status={target.status} />
    </p>
  );
}

/**
 * The page behind an alert's acknowledgement link. GET only shows it (link scanners and chat
 * unfurlers fetch URLs); the button posts back to the same URL.
 */
export function AckLinkPage({ page, state }: { page: PageContext; state: AckLinkState }) {
  return (
    <MessagePage page={page} title={TITLES[state.kind]}>
      {state.kind === 'confirm' && (
        <>
          <CheckLine target={state.target} />
          <p>Acknowledging tells everyone that somebody is on it: reminders and escalations of this outage stop. Its recovery is still sent.</p>
          <form method="post" class="ack-form">
            <CsrfField token={page.csrf} />
            <button type="submit">Acknowledge</button>
          </form>
          <p class="muted">
            {state.signedInAs
              ? `You are signed in: it will be recorded as acknowledged by ${state.signedInAs}.`
              : 'It will be recorded as acknowledged through the alert link.'}
          </p>
        </>
      )}
      {state.kind === 'acknowledged' && (
        <>
          <CheckLine target={state.target} />
          <p class="ack-note">
            {state.justNow ? 'Done: acknowledged' : 'Already acknowledged'} by <strong>{state.target.acknowledged.by}</strong> at{' '}
            <Time at={state.target.acknowledged.at} />. Reminders and escalations of this outage have stopped.
          </p>
        </>
      )}
      {state.kind === 'ended' && (
        <>
          <CheckLine target={state.target} />
          <p>
            The outage this alert was about has ended
            {state.target.status === 'down' ? ', and the check went down again since: a newer alert has its own link' : ''}.
          </p>
        </>
      )}
      {state.kind === 'invalid' && <p>The link is incomplete or was changed. Copy the whole link from the alert, or open the check in upmon.</p>}
      {state.kind === 'expired' && (
        <p>
          Acknowledgement links work for a week. You can acknowledge from <a href={`/checks/${state.checkId}`}>the check's page</a> once signed in.
        </p>
      )}
      {state.kind === 'gone' && <p>The check this alert was about has been deleted.</p>}
    </MessagePage>
  );
}
