// The ping receiver alone, for a dedicated ping domain (docs/pings.md): the same code as the api
// process without the REST API. Same configuration variables as the api.
import { loadApiConfig } from '@upmon/config';
import { runService } from '@upmon/service-kit';
import { startApi } from './start-api.js';

await runService({ name: 'api-ping', loadConfig: loadApiConfig, start: (config, logger) => startApi(config, logger, { pingOnly: true }) }, process.env);
