import { ConfigError } from '@celebstyle/service-kit';
import { describe, expect, it } from 'vitest';
import { loadGatewayConfig, trustProxyOption } from '../src/config.ts';
import { siteConfigFrom } from '../src/site-config.ts';

describe('gateway configuration', () => {
  it('has working defaults: fixed service ports, a site URL on its own port, generous rate limit', () => {
    const config = loadGatewayConfig({ PORT: '3100' });
    expect(config).toMatchObject({
      CATALOG_URL: 'http://127.0.0.1:3001',
      ACCOUNTS_URL: 'http://127.0.0.1:3002',
      NEWSLETTER_SUPPORT_URL: 'http://127.0.0.1:3003',
      LINK_VALIDATION_URL: 'http://127.0.0.1:3004',
      PUBLIC_SITE_URL: 'http://localhost:3100',
      RATE_LIMIT_MAX: 3000,
      TRUST_PROXY: 'false',
    });
    expect(siteConfigFrom(config).affiliate).toEqual({
      redirectBaseUrl: 'https://go.skimresources.com/',
      partnerId: 'celebstyle-dev',
    });
  });

  it('names every malformed variable', () => {
    expect(() => loadGatewayConfig({ CATALOG_URL: 'ftp://x', UPSTREAM_TIMEOUT_MS: 'soon' })).toThrow(
      ConfigError,
    );
    try {
      loadGatewayConfig({ CATALOG_URL: 'ftp://x', UPSTREAM_TIMEOUT_MS: 'soon' });
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('CATALOG_URL');
      expect(message).toContain('UPSTREAM_TIMEOUT_MS');
    }
  });

  it('refuses TRUST_PROXY=true (a client writes the left-most X-Forwarded-For) and takes hops or addresses', () => {
    expect(() => loadGatewayConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY/);
    expect(trustProxyOption(loadGatewayConfig({}).TRUST_PROXY)).toBe(false);
    const oneHop = trustProxyOption(loadGatewayConfig({ TRUST_PROXY: '1' }).TRUST_PROXY);
    expect(typeof oneHop === 'function' && [oneHop('10.0.0.1', 0), oneHop('10.0.0.1', 1)]).toEqual([
      true,
      false,
    ]);
    expect(trustProxyOption(loadGatewayConfig({ TRUST_PROXY: '10.0.0.0/8,10.1.2.3' }).TRUST_PROXY)).toBe(
      '10.0.0.0/8,10.1.2.3',
    );
  });

  it('answers the site URL without a trailing slash', () => {
    const config = loadGatewayConfig({ PUBLIC_SITE_URL: 'https://celebstyle.example/' });
    expect(siteConfigFrom(config).siteUrl).toBe('https://celebstyle.example');
  });
});
