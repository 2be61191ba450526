import type { CheckStatus } from '@upmon/core';

/** A shape and a word for every status: never colour alone. */
export const STATUS_LOOK: Record<CheckStatus, { icon: string; label: string }> = {
  up: { icon: '●', label: 'up' },
  late: { icon: '▲', label: 'late' },
  down: { icon: '■', label: 'down' },
  paused: { icon: '❚❚', label: 'paused' },
  new: { icon: '○', label: 'new' },
};

export function StatusBadge({ status }: { status: CheckStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <span class={`status status-${status}`} data-status={status}>
      <span aria-hidden="true" class="status-icon">
        {look.icon}
      </span>{' '}
      <span class="status-label">{look.label}</span>
    </span>
  );
}
