import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AuthGuards } from '@celebstyle/service-kit';
import type { Redis } from 'ioredis';
import { buildApp, type GatewayDeps } from '../../src/app.ts';
import { UPSTREAM_NAMES, type UpstreamName } from '../../src/route-table.ts';
import { closedPortUrl } from './fake-upstream.ts';

export const TEST_SITE_CONFIG = {
  siteUrl: 'http://localhost:3000',
  affiliate: { redirectBaseUrl: 'https://go.example.test/', partnerId: 'partner-1' },
  social: {
    instagram: 'https://instagram.test/a',
    tiktok: 'https://tiktok.test/a',
    pinterest: 'https://pinterest.test/a',
    facebook: 'https://facebook.test/a',
    x: 'https://x.test/a',
  },
};

export interface GatewayOverrides {
  upstreams?: Partial<Record<UpstreamName, string>>;
  upstreamTimeoutMs?: number;
  guards?: AuthGuards | null;
  publicAdminDocs?: boolean;
  rateLimit?: { max: number; windowMs: number; redis: Redis | null; keyPrefix: string };
  webDistDir?: string;
  adminDistDir?: string;
  sitemapUrlsPerFile?: number;
  pages?: GatewayDeps['pages'];
  refusedBodyLingerMs?: number;
}

/** A gateway whose upstreams default to closed ports and whose web apps default to missing builds. */
export async function buildTestGateway(overrides: GatewayOverrides = {}) {
  const empty = mkdtempSync(path.join(tmpdir(), 'gateway-empty-'));
  const upstreams = {} as Record<UpstreamName, string>;
  for (const name of UPSTREAM_NAMES) upstreams[name] = overrides.upstreams?.[name] ?? (await closedPortUrl());
  const deps: GatewayDeps = {
    logLevel: 'silent',
    upstreams,
    upstreamTimeoutMs: overrides.upstreamTimeoutMs ?? 2_000,
    guards: overrides.guards ?? null,
    publicAdminDocs: overrides.publicAdminDocs ?? false,
    rateLimit: overrides.rateLimit ?? { max: 10_000, windowMs: 60_000, redis: null, keyPrefix: 'test' },
    siteConfig: TEST_SITE_CONFIG,
    webDistDir: overrides.webDistDir ?? path.join(empty, 'web'),
    adminDistDir: overrides.adminDistDir ?? path.join(empty, 'admin'),
    sitemapUrlsPerFile: overrides.sitemapUrlsPerFile,
    pages: overrides.pages,
    refusedBodyLingerMs: overrides.refusedBodyLingerMs,
  };
  const app = await buildApp(deps);
  app.addHook('onClose', async () => rmSync(empty, { recursive: true, force: true }));
  return app;
}
