import { loadApiConfig } from '@upmon/config';
import { runService } from '@upmon/service-kit';
import { startApi } from './start-api.js';

await runService({ name: 'api', loadConfig: loadApiConfig, start: startApi }, process.env);
