import type { ComponentChildren } from 'preact';
import { CopyBlock } from './copy-block.js';

/**
 * A key just created or rotated (API keys, private locations), shown this once with a copy button:
 * upmon keeps only its hash. `id` names the heading (`h-<id>`) and the key's text; `children`
 * follow with how to use the key.
 */
export function NewKeyPanel(props: {
  id: string;
  heading: string;
  /** The first words of the "copy it now" sentence. */
  copyNow: string;
  secret: { text: string; label: string };
  /** What became of the old key, after a rotation. */
  rotatedFrom?: string;
  children: ComponentChildren;
}) {
  return (
    <section class="panel" aria-labelledby={`h-${props.id}`}>
      <h2 id={`h-${props.id}`} class="first">
        {props.heading}
      </h2>
      <p>
        <strong>{props.copyNow}: it is shown only this once.</strong> upmon keeps only a hash of it.
      </p>
      <div class="secret">
        <CopyBlock id={props.id} text={props.secret.text} label={props.secret.label} />
      </div>
      {props.rotatedFrom ? <p class="hint">{props.rotatedFrom}</p> : null}
      {props.children}
    </section>
  );
}
