import { ConfigError } from '@celebstyle/service-kit';
import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIL_OUTBOX_DIR, loadServerConfig, loadWorkerConfig } from '../src/config.ts';

describe('configuration', () => {
  it('runs with defaults in development, with a development signing secret', () => {
    const config = loadServerConfig({});
    expect(config.PORT).toBe(3003);
    expect(config.NEWSLETTER_SIGNING_SECRET.length).toBeGreaterThan(20);
    expect(loadWorkerConfig({}).MAIL_OUTBOX_DIR).toBe(DEFAULT_MAIL_OUTBOX_DIR);
    expect(DEFAULT_MAIL_OUTBOX_DIR.endsWith('/.data/outbox')).toBe(true);
  });

  it('refuses to start in production without a signing secret or with a plain-HTTP site URL', () => {
    expect(() => loadServerConfig({ NODE_ENV: 'production', PUBLIC_SITE_URL: 'http://shop.test' })).toThrow(
      /NEWSLETTER_SIGNING_SECRET is required[\s\S]*PUBLIC_SITE_URL must be https/,
    );
    expect(() => loadServerConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const ok = loadServerConfig({
      NODE_ENV: 'production',
      PUBLIC_SITE_URL: 'https://shop.test',
      NEWSLETTER_SIGNING_SECRET: 's'.repeat(32),
    });
    expect(ok.PUBLIC_SITE_URL).toBe('https://shop.test');
  });

  it('refuses to run the worker in production without SMTP_URL instead of writing e-mails into a folder', () => {
    expect(() => loadWorkerConfig({ NODE_ENV: 'production' })).toThrow(/SMTP_URL is required in production/);
    expect(() => loadWorkerConfig({ NODE_ENV: 'production', SMTP_URL: '' })).toThrow(/SMTP_URL is required/);
    // the same error as any other missing setting, so start-up reports it the same way
    expect(() => loadWorkerConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
    const production = {
      NODE_ENV: 'production',
      PUBLIC_SITE_URL: 'https://celebstyle.example',
      NEWSLETTER_SIGNING_SECRET: 's'.repeat(40),
    };
    expect(loadWorkerConfig({ ...production, SMTP_URL: 'smtps://u:p@mail.test:465' }).SMTP_URL).toBe(
      'smtps://u:p@mail.test:465',
    );
    // It composes alert e-mails: their unsubscribe links need the secret and an https site.
    expect(() => loadWorkerConfig({ NODE_ENV: 'production', SMTP_URL: 'smtps://u:p@mail.test:465' })).toThrow(
      /NEWSLETTER_SIGNING_SECRET is required/,
    );
    expect(loadWorkerConfig({ NODE_ENV: 'development' }).SMTP_URL).toBeUndefined();
  });

  it('names a malformed SMTP_URL', () => {
    expect(() => loadWorkerConfig({ SMTP_URL: 'http://mail.test' })).toThrow(/SMTP_URL is malformed/);
  });

  it('reserves a claimed e-mail for 2 minutes unless EMAIL_SEND_LEASE_MS says otherwise (at least 5 s)', () => {
    expect(loadWorkerConfig({}).EMAIL_SEND_LEASE_MS).toBe(120_000);
    expect(loadWorkerConfig({ EMAIL_SEND_LEASE_MS: '15000' }).EMAIL_SEND_LEASE_MS).toBe(15_000);
    expect(() => loadWorkerConfig({ EMAIL_SEND_LEASE_MS: '1000' })).toThrow(/EMAIL_SEND_LEASE_MS/);
  });

  it("takes over a dead worker's jobs after 30 s unless EMAIL_JOB_LOCK_MS says otherwise (at least 1 s)", () => {
    expect(loadWorkerConfig({}).EMAIL_JOB_LOCK_MS).toBe(30_000);
    expect(loadWorkerConfig({ EMAIL_JOB_LOCK_MS: '3000' }).EMAIL_JOB_LOCK_MS).toBe(3_000);
    expect(() => loadWorkerConfig({ EMAIL_JOB_LOCK_MS: '500' })).toThrow(/EMAIL_JOB_LOCK_MS/);
  });
});
