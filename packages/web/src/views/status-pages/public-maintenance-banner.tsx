import { utcText } from '../time.js';
import type { PublicMaintenanceView } from './public-maintenance-model.js';

/** Maintenance in progress or coming within a week, with the checks it affects, in words. */
export function PublicMaintenanceBanner({ maintenance }: { maintenance: PublicMaintenanceView }) {
  if (maintenance.items.length === 0) return null;
  return (
    <section class="maintenance-banner" aria-label="Maintenance">
      <h2>Maintenance</h2>
      <ul>
        {maintenance.items.map((m) => (
          <li class={m.active ? 'maintenance-item active' : 'maintenance-item'}>
            {m.active ? (
              <>
                <strong>In progress</strong> until <time datetime={m.end.toISOString()}>{utcText(m.end)}</time>
              </>
            ) : (
              <>
                <strong>Scheduled</strong> from <time datetime={m.start.toISOString()}>{utcText(m.start)}</time> to{' '}
                <time datetime={m.end.toISOString()}>{utcText(m.end)}</time>
              </>
            )}
            : {m.checkNames.join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
