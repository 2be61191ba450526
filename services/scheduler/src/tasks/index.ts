import type { SchedulerDeps, SchedulerTask } from '../task.js';
import { createHeldReleaseTask } from './held-release.js';
import { createRemindersTask } from './reminders.js';

/** Every task the scheduler runs. Each task lives in its own module under tasks/. */
export function createTasks(deps: SchedulerDeps): SchedulerTask[] {
  return [
    createRemindersTask(deps),
    createHeldReleaseTask(deps),
  ];
}
