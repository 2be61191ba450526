import type { CheckRow } from '@upmon/domain';
import { PostButton } from '../post-button.js';
import { StatusBadge } from '../status-badge.js';

/** The check's name, its status, and the actions of those who may change it. */
export function CheckHead({ check, canWrite, csrf }: { check: CheckRow; canWrite: boolean; csrf: string }) {
  const base = `/checks/${check.id}`;
  const probed = check.kind !== 'heartbeat';
  return (
    <div class="head" data-check-id={check.id} data-live="head">
      <h1>{check.name}</h1>
      <span class="big-status" data-field="status">
        <StatusBadge status={check.status} />
      </span>
      {canWrite ? (
        <div class="actions">
          {check.status === 'down' && !check.acknowledged ? (
            <PostButton action={`${base}/acknowledge`} csrf={csrf}>
              Acknowledge
            </PostButton>
          ) : null}
          <a class="button" href={`${base}/edit`}>
            Edit
          </a>
          {probed ? null : (
            <PostButton action={`${base}/ping`} csrf={csrf}>
              Ping now
            </PostButton>
          )}
          <PostButton action={`${base}/clone`} csrf={csrf}>
            Clone
          </PostButton>
          {check.status === 'paused' ? (
            <PostButton action={`${base}/resume`} csrf={csrf}>
              Resume
            </PostButton>
          ) : (
            <PostButton action={`${base}/pause`} csrf={csrf}>
              Pause
            </PostButton>
          )}
          <a class="button danger-link" href={`${base}/delete`}>
            Delete…
          </a>
        </div>
      ) : null}
    </div>
  );
}
