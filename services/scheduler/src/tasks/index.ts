import type { SchedulerDeps, SchedulerTask } from '../task.js';

/** Every task the scheduler runs. Each task lives in its own module under tasks/. */
export function createTasks(_deps: SchedulerDeps): SchedulerTask[] {
  return [];
}
