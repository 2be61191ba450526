/** Text with a copy button (the button appears once app.js runs; without it, select and copy). */
export function CopyBlock({ id, text, label, multiline }: { id: string; text: string; label: string; multiline?: boolean }) {
  return (
    <div class="copy-row">
      {multiline ? <pre id={id}>{text}</pre> : <code id={id}>{text}</code>}
      <button type="button" class="small" data-copy={id} aria-label={`Copy ${label}`} hidden>
        Copy
      </button>
    </div>
  );
}
