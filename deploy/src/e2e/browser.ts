import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser as ChromiumBrowser, type BrowserContext } from 'playwright-core';

/**
 * Debian's Chromium, with flags that keep it off the network (without them it floods a closed network
 * with refused connections).
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const launchOptions = () => ({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: CHROMIUM_ARGS,
});

/** A plain Chromium for journeys that open a fresh context (no cookies, no storage) per test. */
export function launchChromium(): Promise<ChromiumBrowser> {
  return chromium.launch(launchOptions());
}

export type Browser = { context: BrowserContext; close(): Promise<void> };

/** One Chromium profile of its own (a temporary folder, removed on close) at the given viewport. */
export async function launchBrowser(viewport = { width: 1280, height: 900 }): Promise<Browser> {
  const userDataDir = await mkdtemp(path.join(tmpdir(), 'e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, { ...launchOptions(), viewport });
  return {
    context,
    async close() {
      await context.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}
