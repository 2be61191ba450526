import { loadNotifierConfig } from '@upmon/config';
import { runService } from '@upmon/service-kit';
import { startNotifier } from './start-notifier.js';

await runService({ name: 'notifier', loadConfig: loadNotifierConfig, start: startNotifier }, process.env);
