import { CsrfField } from './csrf-field.js';
import { SelectField } from './form-fields.js';

/** How long the old key keeps working after a rotation, besides not at all ('0'). */
const KEEP_OLD_KEY = [
  { value: '3600', label: 'Keep the old key for 1 hour' },
  { value: '86400', label: 'Keep the old key for 24 hours' },
  { value: '604800', label: 'Keep the old key for 7 days' },
];

/** The grace a rotate form chose, in seconds: one of those offered, else 0 (the old key stops at once). */
export function rotationGraceSec(chosen: string): number {
  return KEEP_OLD_KEY.some((o) => o.value === chosen) ? Number(chosen) : 0;
}

/**
 * A key's actions in its table row (API keys, private locations): rotate, keeping the old key for
 * a grace the person picks, and revoke. `action` is the key's URL; the forms post to
 * `<action>/rotate` and `<action>/revoke`.
 */
export function RotateRevokeActions(props: {
  action: string;
  csrf: string;
  /** The grace select's label, its "not at all" option, and the rotate and revoke buttons. */
  words: { grace: string; dropNow: string; rotate: string; revoke: string };
}) {
  const { words } = props;
  return (
    <div class="key-actions">
      <form method="post" action={`${props.action}/rotate`} class="inline-form">
        <CsrfField token={props.csrf} />
        <SelectField name="grace_sec" label={words.grace} options={[{ value: '0', label: words.dropNow }, ...KEEP_OLD_KEY]} value="0" />
        <button type="submit" class="small">
          {words.rotate}
        </button>
      </form>
      <form method="post" action={`${props.action}/revoke`} class="inline">
        <CsrfField token={props.csrf} />
        <button type="submit" class="small danger">
          {words.revoke}
        </button>
      </form>
    </div>
  );
}
