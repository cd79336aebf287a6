import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { BaseConfig, ConfigError, loadConfig, PortSetting, UrlSetting } from '../src/index.ts';

const settings = {
  ...BaseConfig,
  PORT: PortSetting(3001),
  DATABASE_URL: UrlSetting('postgres://postgres@127.0.0.1:5432/celebstyle', ['postgres', 'postgresql']),
  TEAM_EMAIL: Type.String({ minLength: 3 }),
};

describe('loadConfig', () => {
  it('applies defaults and converts types', () => {
    const config = loadConfig(settings, { TEAM_EMAIL: 'team@example.com', PORT: '4000' });
    expect(config).toMatchObject({
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      PORT: 4000,
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/celebstyle',
      TEAM_EMAIL: 'team@example.com',
    });
  });

  it('names a missing required variable', () => {
    expect(() => loadConfig(settings, {})).toThrow(/TEAM_EMAIL is required/);
  });

  it('names every malformed variable at once, with what was given', () => {
    try {
      loadConfig(settings, {
        TEAM_EMAIL: 'x@y.z',
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        LOG_LEVEL: 'loud',
      });
      expect.unreachable('loadConfig should have thrown');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/PORT is malformed .*"eighty"/);
      expect(message).toMatch(/DATABASE_URL is malformed .*"mysql:\/\/nope"/);
      expect(message).toMatch(/LOG_LEVEL is malformed/);
    }
  });

  it('never echoes a secret value in the error', () => {
    const withSecret = { ...settings, SIGNING_SECRET: Type.String({ minLength: 32 }) };
    expect(() => loadConfig(withSecret, { TEAM_EMAIL: 'x@y.z', SIGNING_SECRET: 'short-but-secret' })).toThrow(
      /SIGNING_SECRET is malformed .*<redacted>/,
    );
  });

  it('treats an empty string as unset', () => {
    expect(loadConfig(settings, { TEAM_EMAIL: 'a@b.c', PORT: '' }).PORT).toBe(3001);
  });
});
