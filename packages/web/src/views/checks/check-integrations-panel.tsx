import type { CheckIntegration } from '@upmon/domain';
import { PostButton } from '../post-button.js';

/** Each integration of the project, on or off for this check, with a switch for those who may change it. */
export function CheckIntegrationsPanel(props: { checkId: string; projectId: string; integrations: CheckIntegration[]; canWrite: boolean; csrf: string }) {
  return (
    <section class="panel" aria-labelledby="h-integrations">
      <h2 id="h-integrations" class="first">
        Integrations
      </h2>
      {props.integrations.length === 0 ? (
        <p class="muted">
          No integrations in this project yet: <a href={`/projects/${props.projectId}/integrations/new`}>add one</a> to be told when this check goes down.
        </p>
      ) : (
        <ul class="check-integrations">
          {props.integrations.map((i) => (
            <li data-integration={i.id}>
              <span>
                <a href={`/projects/${props.projectId}/integrations/${i.id}`}>{i.name}</a> <span class="muted">({i.kind})</span>:{' '}
                <strong data-field="on">{i.on ? 'on' : 'off'}</strong>
                {i.enabled ? null : <span class="muted"> (the integration is disabled)</span>}
              </span>
              {props.canWrite ? (
                <PostButton action={`/checks/${props.checkId}/integrations/${i.id}`} csrf={props.csrf} fields={{ on: i.on ? '0' : '1' }} variant="secondary">
                  {i.on ? 'Turn off' : 'Turn on'}
                  <span class="visually-hidden"> {i.name}</span>
                </PostButton>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
