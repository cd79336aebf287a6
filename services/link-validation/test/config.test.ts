import { describe, expect, it } from 'vitest';
import { loadServerConfig, loadWorkerConfig } from '../src/config.ts';
import { schema } from '../src/index.ts';

describe('configuration', () => {
  it('runs with defaults on port 3004', () => {
    const config = loadServerConfig({});
    expect(config.PORT).toBe(3004);
    expect(config.DATABASE_URL).toMatch(/^postgres:\/\//);
  });

  it('names a malformed variable', () => {
    expect(() => loadServerConfig({ REDIS_URL: 'http://redis.test' })).toThrow(/REDIS_URL is malformed/);
  });

  it('reads the worker settings, pins and pinned-only mode included', () => {
    const config = loadWorkerConfig({
      LINK_CHECK_RESOLVE: 'farm.test:8080:127.0.0.1',
      LINK_CHECK_PINNED_ONLY: 'true',
    });
    expect(config).toMatchObject({
      LINK_CHECK_CONCURRENCY: 10,
      LINK_CHECK_HOST_CONCURRENCY: 2,
      LINK_CHECK_PINNED_ONLY: true,
    });
    expect(loadWorkerConfig({}).LINK_CHECK_PINNED_ONLY).toBe(false);
    expect(() => loadWorkerConfig({ LINK_CHECK_TIMEOUT_MS: '5000' })).toThrow(
      /LINK_CHECK_TIMEOUT_MS is malformed/,
    );
  });

  it('reads how soon active and sold-out links are checked again, a minute at least', () => {
    expect(loadWorkerConfig({})).toMatchObject({
      LINK_CHECK_ACTIVE_INTERVAL_MS: 24 * 60 * 60_000,
      LINK_CHECK_SOLD_OUT_INTERVAL_MS: 6 * 60 * 60_000,
    });
    expect(
      loadWorkerConfig({ LINK_CHECK_SOLD_OUT_INTERVAL_MS: '120000' }).LINK_CHECK_SOLD_OUT_INTERVAL_MS,
    ).toBe(120_000);
    expect(() => loadWorkerConfig({ LINK_CHECK_ACTIVE_INTERVAL_MS: '1000' })).toThrow(
      /LINK_CHECK_ACTIVE_INTERVAL_MS is malformed/,
    );
  });

  it('refuses pins in production', () => {
    expect(() =>
      loadWorkerConfig({ NODE_ENV: 'production', LINK_CHECK_RESOLVE: 'shop.test:443:10.0.0.1' }),
    ).toThrow(/LINK_CHECK_RESOLVE/);
  });

  it('exports its schema name for the launcher', () => {
    expect(schema).toBe('link_validation');
  });
});
