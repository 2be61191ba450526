import { pingSnippets } from '../../ping-snippets.js';
import { CopyBlock } from '../copy-block.js';

/** A heartbeat check's ping URLs (by uuid and by slug) and snippets for cron, shells and programs. */
export function HowToPingPanel({ pingUrls, slugUrls, cron }: { pingUrls: string[]; slugUrls: string[]; cron: string | null }) {
  return (
    <section class="panel" aria-labelledby="h-ping">
      <h2 id="h-ping" class="first">
        How to ping
      </h2>
      {pingUrls.map((u, i) => (
        <CopyBlock id={`ping-url-${i}`} text={u} label="ping URL" />
      ))}
      {slugUrls.map((u, i) => (
        <CopyBlock id={`slug-url-${i}`} text={u} label="ping URL by slug" />
      ))}
      <p class="hint">
        GET, HEAD or POST. Add <code>/start</code> when the job starts, <code>/fail</code> when it fails, or <code>/&lt;exit status&gt;</code>.
      </p>
      {pingSnippets(pingUrls[0] as string, cron).map((s, i) => (
        <div>
          <h3>{s.label}</h3>
          <CopyBlock id={`snippet-${i}`} text={s.text} label={s.label} multiline />
        </div>
      ))}
    </section>
  );
}
