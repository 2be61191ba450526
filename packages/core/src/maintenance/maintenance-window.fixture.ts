import type { MaintenanceWindowSpec } from './maintenance-window.js';

/** For tests: a project-wide window with nothing set but what `w` gives. */
export const windowSpec = (w: Partial<MaintenanceWindowSpec> = {}): MaintenanceWindowSpec => ({
  scope: 'project',
  tags: [],
  checkIds: [],
  startsAt: null,
  endsAt: null,
  schedule: null,
  tz: null,
  durationMin: null,
  endedAt: null,
  ...w,
});
