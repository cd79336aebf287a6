import { describe, expect, it } from 'vitest';
import { loadServerConfig } from '../src/config.ts';
import { LINK_VALIDATION_SCHEMA } from '../src/index.ts';

describe('configuration', () => {
  it('runs with defaults on port 3004', () => {
    const config = loadServerConfig({});
    expect(config.PORT).toBe(3004);
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\//);
  });

  it('names a malformed variable', () => {
    expect(() => loadServerConfig({ REDIS_URL: 'http://redis.test' })).toThrow(/REDIS_URL is malformed/);
  });

  it('exports its schema name for the launcher', () => {
    expect(LINK_VALIDATION_SCHEMA).toBe('link_validation');
  });
});
