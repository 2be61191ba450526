import { CardsTable } from '../cards-table.js';
import { durationText } from '../duration-text.js';
import { Time } from '../time.js';

/** A ping (or probe result) as the check page lists it, its body decrypted. */
export interface PingView {
  ts: string;
  type: string;
  exitStatus: number | null;
  sourceIp: string | null;
  method: string;
  durationMs: number | null;
  /** Why the ping counted differently from its type (e.g. a run shorter than the minimum). */
  note: string | null;
  body: string | null;
  bodySize: number;
  userAgent: string | null;
}

const pingType = (p: PingView) => (p.type === 'exit' ? `exit ${p.exitStatus}` : p.type);

/** The newest pings, or probes of a probed check, with their source and bodies. */
export function LatestPingsSection({ pings, probed }: { pings: PingView[]; probed: boolean }) {
  return (
    <section aria-labelledby="h-pings" data-live="pings">
      <h2 id="h-pings">{probed ? 'Latest probes' : 'Latest pings'}</h2>
      {pings.length === 0 ? (
        <p class="muted">{probed ? 'No probes yet: the first one runs within a minute.' : 'No pings yet.'}</p>
      ) : (
        <CardsTable columns={['Type', 'Time', 'Source', 'Method', 'Duration', 'Body']}>
          {pings.map((p) => (
            <tr>
              <td>
                <span class={`ping-type ping-${p.type}`}>{pingType(p)}</span>
                {p.note ? <div class="ping-note small-text">{p.note}</div> : null}
              </td>
              <td data-label="Time">
                <Time at={p.ts} seconds />
              </td>
              <td data-label="Source">
                {p.sourceIp ?? '—'}
                {p.userAgent ? <div class="muted small-text">{p.userAgent}</div> : null}
              </td>
              <td data-label="Method">{p.method}</td>
              <td data-label="Duration">{p.durationMs !== null ? durationText(p.durationMs) : '—'}</td>
              <td data-label="Body">
                {p.body ? (
                  <details data-key={p.ts}>
                    <summary>
                      {p.bodySize} byte{p.bodySize === 1 ? '' : 's'}
                    </summary>
                    <pre>{p.body}</pre>
                  </details>
                ) : (
                  <span class="muted">—</span>
                )}
              </td>
            </tr>
          ))}
        </CardsTable>
      )}
    </section>
  );
}
