import { ConfigError, loadApiConfig, loadSchedulerConfig } from './index.js';

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
});
