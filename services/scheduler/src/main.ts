import { loadSchedulerConfig } from '@upmon/config';
import { runService } from '@upmon/service-kit';
import { startScheduler } from './start-scheduler.js';

await runService({ name: 'scheduler', loadConfig: loadSchedulerConfig, start: startScheduler }, process.env);
