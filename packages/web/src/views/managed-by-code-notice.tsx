/**
 * A check or integration applied from files with `upmon apply` (docs/monitoring-as-code.md): said
 * on its page and above its edit form, since an edit made here is drift that the next apply undoes.
 */
export function ManagedByCodeNotice({ what, codeKey }: { what: 'check' | 'integration'; codeKey: string | null | undefined }) {
  if (!codeKey) return null;
  return (
    <p class="notice managed-by-code" role="note" data-field="managed-by-code">
      <strong>Managed by code</strong> (key <code>{codeKey}</code>): this {what} is applied from files with <code>upmon apply</code>. A change made here shows
      as drift in the next <code>upmon plan</code> and is undone by the next apply; change the files instead.
    </p>
  );
}
