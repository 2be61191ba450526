import type { ComponentChildren } from 'preact';
import { CsrfField } from './csrf-field.js';

/** A one-button form: every change is a POST with the CSRF token, never a link. */
export function PostButton(props: {
  action: string;
  csrf: string;
  children: ComponentChildren;
  variant?: 'danger' | 'secondary';
  fields?: Record<string, string>;
  /** Its `tz` field gets the zone the page shows times in (app.js, local-time.js). */
  chosenZone?: boolean;
}) {
  return (
    <form method="post" action={props.action} class="inline" data-chosen-zone={props.chosenZone ? '' : undefined}>
      <CsrfField token={props.csrf} />
      {Object.entries(props.fields ?? {}).map(([k, v]) => (
        <input type="hidden" name={k} value={v} />
      ))}
      <button type="submit" class={props.variant ?? ''}>
        {props.children}
      </button>
    </form>
  );
}
