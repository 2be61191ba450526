import type { SchedulerDeps, SchedulerTask } from '../task.js';
import { createDeadlineScannerTask } from './deadline-scanner.js';
import { createRetentionPrunerTask } from './retention-pruner.js';
import { createHeldReleaseTask } from './held-release.js';
import { createDependencyReleaseTask } from './dependency-release.js';
import { createMaintenanceReleaseTask } from './maintenance-release.js';
import { createRemindersTask } from './reminders.js';
import { createEscalationsTask } from './escalations.js';
import { createProbeSchedulerTask } from './probe-scheduler.js';
import { createRedisRecoveryTask } from './redis-recovery.js';
import { createSloBurnAlertsTask } from './slo-burn-alerts.js';

/** Every task the scheduler runs. Each task lives in its own module under tasks/. */
export function createTasks(deps: SchedulerDeps): SchedulerTask[] {
  return [
    createDeadlineScannerTask(deps),
    createRetentionPrunerTask(deps),
    createRemindersTask(deps),
    createEscalationsTask(deps),
    createHeldReleaseTask(deps),
    createDependencyReleaseTask(deps),
    createMaintenanceReleaseTask(deps),
    createProbeSchedulerTask(deps),
    createRedisRecoveryTask(deps),
    createSloBurnAlertsTask(deps),
  ];
}
