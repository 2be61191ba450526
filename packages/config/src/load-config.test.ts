import { ConfigError, loadAdminConfig, loadApiConfig, loadNotifierConfig, loadProberConfig, loadRemoteProberConfig, loadSchedulerConfig } from './index.js';

const base = {
  DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/x',
  REDIS_URL: 'redis://127.0.0.1:6379',
  ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};

describe('config', () => {
  it('applies defaults and maps to camelCase', () => {
    const c = loadApiConfig({ ...base, PING_DOMAINS: 'https://a.example/, https://b.example' });
    expect(c.port).toBe(8000);
    expect(c.pingDomains).toEqual(['https://a.example', 'https://b.example']);
    expect(c.pingBodyLimitBytes).toBe(100_000);
  });

  it('names every missing or invalid variable', () => {
    try {
      loadApiConfig({ REDIS_URL: 'http://nope', ENCRYPTION_KEY: 'abc' });
      throw new Error('expected a ConfigError');
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      expect((err as ConfigError).variables.sort()).toEqual(['DATABASE_URL', 'ENCRYPTION_KEY', 'REDIS_URL']);
      expect((err as Error).message).toContain('DATABASE_URL');
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadSchedulerConfig({ ...base, SCHEDULER_PORT: '' }).port).toBe(8001);
    expect(() => loadSchedulerConfig({ ...base, SCHEDULER_PORT: 'abc' })).toThrow(/SCHEDULER_PORT/);
  });

  it('REGISTRATION_OPEN defaults to true and accepts false/0', () => {
    expect(loadApiConfig(base).registrationOpen).toBe(true);
    expect(loadApiConfig({ ...base, REGISTRATION_OPEN: 'false' }).registrationOpen).toBe(false);
    expect(loadApiConfig({ ...base, REGISTRATION_OPEN: '0' }).registrationOpen).toBe(false);
    expect(() => loadApiConfig({ ...base, REGISTRATION_OPEN: 'maybe' })).toThrow(/REGISTRATION_OPEN/);
  });

  it('the admin CLI reads APP_BASE_URL for the links it prints', () => {
    expect(loadAdminConfig({ DATABASE_URL: base.DATABASE_URL }).appBaseUrl).toBe('http://localhost:8000');
    expect(loadAdminConfig({ DATABASE_URL: base.DATABASE_URL, APP_BASE_URL: 'https://up.example.com/' }).appBaseUrl).toBe('https://up.example.com');
  });

  describe('encryption keys', () => {
    const { ENCRYPTION_KEY: old, ...noKey } = base;
    const k2 = Buffer.alloc(32, 2).toString('base64');
    const k3 = Buffer.alloc(32, 3).toString('base64');

    it('reads ENCRYPTION_KEYS newest first, then the single ENCRYPTION_KEY as the oldest', () => {
      expect(loadApiConfig(base).encryptionKeys).toEqual([old]);
      expect(loadProberConfig({ ...noKey, ENCRYPTION_KEYS: `${k3}, ${k2}` }).encryptionKeys).toEqual([k3, k2]);
      expect(loadNotifierConfig({ ...base, ENCRYPTION_KEYS: k2 }).encryptionKeys).toEqual([k2, old]);
      expect(loadApiConfig({ ...base, ENCRYPTION_KEYS: `${k2},${old}` }).encryptionKeys).toEqual([k2, old]);
    });

    it('needs one of them in the services, neither in the admin CLI, and refuses a bad key in the list', () => {
      expect(() => loadApiConfig(noKey)).toThrow('ENCRYPTION_KEYS (or ENCRYPTION_KEY) is required');
      expect(loadAdminConfig({ DATABASE_URL: base.DATABASE_URL }).encryptionKeys).toEqual([]);
      expect(() => loadProberConfig({ ...noKey, ENCRYPTION_KEYS: `${k2},short` })).toThrow(
        /ENCRYPTION_KEYS must be a comma-separated list of 32-byte base64 keys/,
      );
    });
  });

  it("the api's metrics port defaults to 8004 and may not be the public port", () => {
    expect(loadApiConfig(base).metricsPort).toBe(8004);
    expect(loadApiConfig({ ...base, API_PORT: '9000', API_METRICS_PORT: '9100' }).metricsPort).toBe(9100);
    expect(() => loadApiConfig({ ...base, API_PORT: '9000', API_METRICS_PORT: '9000' })).toThrow(/API_METRICS_PORT must differ from API_PORT/);
  });
  it("the notifier's provider endpoints default to the providers' and may point elsewhere (tests, egress proxies)", () => {
    expect(loadNotifierConfig(base).providers).toMatchObject({
      pagerdutyEventsUrl: 'https://events.pagerduty.com/v2/enqueue',
      opsgenie: { usApiUrl: 'https://api.opsgenie.com', euApiUrl: 'https://api.eu.opsgenie.com' },
      victoropsRestUrl: 'https://alert.victorops.com/integrations/generic/20131114/alert',
      pushoverApiUrl: 'https://api.pushover.net/1',
    });
    const local = loadNotifierConfig({ ...base, OPSGENIE_API_URL: 'http://127.0.0.1:9/og/', PUSHOVER_API_URL: 'http://127.0.0.1:9/po/1/' }).providers;
    expect([local.opsgenie.usApiUrl, local.pushoverApiUrl]).toEqual(['http://127.0.0.1:9/og', 'http://127.0.0.1:9/po/1']);
    expect(() => loadNotifierConfig({ ...base, VICTOROPS_REST_URL: 'ftp://x' })).toThrow(/VICTOROPS_REST_URL/);
  });

  it('PROBER_RESULTS=queue: a remote prober needs no database nor keys, and names a remote location', () => {
    expect(loadProberConfig(base).results).toBe('database');
    const remote = loadProberConfig({ REDIS_URL: 'rediss://loc-eu:pw@redis.example:6380', PROBER_RESULTS: 'queue', PROBER_LOCATION: 'eu-central' });
    expect([remote.results, remote.location, remote.databaseUrl, remote.encryptionKeys]).toEqual(['queue', 'eu-central', '', []]);
    expect(() => loadProberConfig({ REDIS_URL: base.REDIS_URL, PROBER_RESULTS: 'queue' })).toThrow(/PROBER_LOCATION must name a remote location/);
    expect(() => loadProberConfig({ ...base, PROBER_RESULTS: 'redis' })).toThrow(/PROBER_RESULTS/);
    expect(() => loadProberConfig({ REDIS_URL: base.REDIS_URL })).toThrow(/DATABASE_URL/);
  });

  it('a private location prober talks https to the api; plain http only to loopback (the location key goes with every request)', () => {
    const remote = (url: string) => loadRemoteProberConfig({ PROBER_MODE: 'remote', UPMON_API_URL: url, PROBER_LOCATION_KEY: `upl_${'a'.repeat(24)}` });
    expect(remote('https://upmon.example.com/').apiUrl).toBe('https://upmon.example.com');
    for (const loopback of ['http://127.0.0.1:8000', 'http://localhost:8000', 'http://[::1]:8000', 'http://127.1.2.3']) {
      expect(remote(loopback).apiUrl).toBe(loopback);
    }
    for (const clear of ['http://upmon.example.com', 'http://10.0.0.5:8000', 'http://127.0.0.1.example.com', 'http://[::2]:8000']) {
      expect(() => remote(clear)).toThrow(
        /UPMON_API_URL must be https:\/\/ \(every request carries the location key\); plain http:\/\/ only to a loopback address/,
      );
    }
  });

  it('the scheduler needs the encryption keys only for remote locations', () => {
    const { ENCRYPTION_KEY: _key, ...noKey } = base;
    expect(loadSchedulerConfig(noKey).encryptionKeys).toEqual([]);
    expect(() => loadSchedulerConfig({ ...noKey, PUBLIC_LOCATIONS: 'local,eu-central' })).toThrow(
      /ENCRYPTION_KEYS \(or ENCRYPTION_KEY\) is required when PUBLIC_LOCATIONS/,
    );
    expect(loadSchedulerConfig({ ...base, PUBLIC_LOCATIONS: 'eu-central' }).encryptionKeys).toHaveLength(1);
  });

  it('PUBLIC_LOCATIONS: location names, none starting with the private prefix p-, the same rule in every service', () => {
    expect(loadApiConfig({ ...base, PUBLIC_LOCATIONS: 'eu-central, us-east,eu-central' }).publicLocations).toEqual(['eu-central', 'us-east']);
    expect(loadApiConfig(base).publicLocations).toEqual(['local']);
    for (const load of [loadApiConfig, loadSchedulerConfig, loadProberConfig]) {
      expect(() => load({ ...base, PUBLIC_LOCATIONS: 'eu-central,p-office' })).toThrow(
        "Invalid configuration: PUBLIC_LOCATIONS: p-office starts with 'p-', which only private locations' codes do; rename the public location",
      );
      expect(() => load({ ...base, PUBLIC_LOCATIONS: 'eu-central,EU' })).toThrow(/PUBLIC_LOCATIONS: EU is not a location name/);
      expect(() => load({ ...base, PUBLIC_LOCATIONS: '-eu' })).toThrow(/PUBLIC_LOCATIONS: -eu is not a location name/);
      expect(() => load({ ...base, PUBLIC_LOCATIONS: ' , ' })).toThrow(/PUBLIC_LOCATIONS must be a comma-separated list of 1-50 location names/);
      expect(() => load({ ...base, PUBLIC_LOCATIONS: 'x,'.repeat(1001) })).toThrow(/PUBLIC_LOCATIONS/);
    }
  });
});
