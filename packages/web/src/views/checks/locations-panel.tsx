import type { CheckLocationStatus } from '@upmon/domain';
import { CardsTable } from '../cards-table.js';
import { durationText } from '../duration-text.js';
import { Time } from '../time.js';

const STATUS_WORDS = { up: 'up', warning: 'certificate warning', failing: 'failing' } as const;

/** Where a probed check is probed from: each location's last result, response time and reason (docs/locations.md). */
export function LocationsPanel({ locations, quorum, staleAfterMs }: { locations: CheckLocationStatus[]; quorum: number | null; staleAfterMs: number | null }) {
  return (
    <section class="panel" aria-labelledby="h-locations">
      <h2 id="h-locations" class="first">
        Locations
      </h2>
      <p class="hint">
        Down when {quorum === null ? 'a majority' : quorum} of the live locations each confirm a failure; a location without results for three intervals plus a
        minute{staleAfterMs === null ? '' : ` (${durationText(staleAfterMs)})`} is stale and does not count.
      </p>
      {/* A card per location on a phone (CardsTable), so the reason is read, not scrolled to. */}
      <CardsTable columns={['Location', 'Status', 'Last result', 'Response time', 'Reason']} class="locations" field="locations">
        {locations.map((l) => (
          <tr data-location={l.location}>
            <th scope="row">{l.location}</th>
            <td data-field="location-status" data-label="Status">
              {l.status ? STATUS_WORDS[l.status] : 'no result yet'}
              {l.status === 'failing' ? ` (${l.failuresInRow} in a row)` : ''}
              {l.stale ? <span class="muted"> — stale</span> : null}
              {l.configured ? null : <span class="muted"> — not configured (no prober serves it)</span>}
            </td>
            <td data-label="Last result">{l.lastResultAt ? <Time at={l.lastResultAt} relative /> : <span class="muted">—</span>}</td>
            <td data-label="Response time">{l.lastDurationMs !== null ? durationText(l.lastDurationMs) : <span class="muted">—</span>}</td>
            <td data-label="Reason">{l.reason ? <code class="wrap">{l.reason}</code> : <span class="muted">—</span>}</td>
          </tr>
        ))}
      </CardsTable>
    </section>
  );
}
