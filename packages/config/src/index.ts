export { ConfigError, validateEnv, type Env } from './load-config.js';
export { type CommonConfig, splitList } from './common.js';
export { loadApiConfig, type ApiConfig } from './api.js';
export { loadSchedulerConfig, type SchedulerConfig } from './scheduler.js';
export { loadProberConfig, type ProberConfig } from './prober.js';
export { loadNotifierConfig, type NotifierConfig, type ProviderSettings } from './notifier.js';
export { loadAdminConfig, type AdminConfig } from './admin.js';
export { loadRemoteProberConfig, proberModeOf, type RemoteProberConfig } from './remote-prober.js';
