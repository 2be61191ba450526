import { loadProberConfig } from '@upmon/config';
import { runService } from '@upmon/service-kit';
import { startProber } from './start-prober.js';

await runService({ name: 'prober', loadConfig: loadProberConfig, start: startProber }, process.env);
