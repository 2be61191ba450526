import { loadProberConfig, loadRemoteProberConfig, proberModeOf } from '@upmon/config';
import { runService } from '@upmon/service-kit';
import { startRemoteProber } from './remote/start-remote-prober.js';
import { startProber } from './start-prober.js';

// PROBER_MODE=remote: a private location's prober (docs/locations.md); else a location's prober on the queue.
if (proberModeOf(process.env) === 'remote') {
  await runService({ name: 'prober', loadConfig: loadRemoteProberConfig, start: (config, logger) => startRemoteProber(config, logger) }, process.env);
} else {
  await runService({ name: 'prober', loadConfig: loadProberConfig, start: startProber }, process.env);
}
