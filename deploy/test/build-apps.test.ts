import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuild } from '../src/build-apps.ts';
import { REPO_ROOT } from '../src/paths.ts';

describe('building the web apps', () => {
  it('makes a production build even when a test runner set NODE_ENV=test', async () => {
    expect(process.env.NODE_ENV).toBe('test');
    // built beside admin-web/dist, which a browser journey running at the same time may be served
    const outDir = mkdtempSync(path.join(tmpdir(), 'admin-web-build-'));
    let bundle: string;
    try {
      await runBuild('admin-web', { outDir });
      const assets = path.join(outDir, 'assets');
      bundle = readdirSync(assets)
        .filter((f) => f.endsWith('.js'))
        .map((f) => readFileSync(path.join(assets, f), 'utf8'))
        .join('\n');
    } finally {
      rmSync(outDir, { recursive: true, force: true });
    }
    expect(bundle.length).toBeGreaterThan(0);
    // React's development build greets developers with this line; the production build never does.
    expect(bundle).not.toContain('Download the React DevTools');
  }, 120_000);

  it('refuses another output folder for web, whose build writes two', async () => {
    await expect(runBuild('web', { outDir: tmpdir() })).rejects.toThrow(/more than one folder/);
  });
});

describe('what a web app build reads', () => {
  it('includes build plugins beside the vite config, and leaves out tests and the output', async () => {
    const { buildInputs } = await import('../src/build-apps.ts');
    const inputs = buildInputs('web').map((p) => path.relative(path.join(REPO_ROOT, 'web'), p));
    expect(inputs).toEqual(
      expect.arrayContaining([
        'src',
        'public',
        'index.html',
        'package.json',
        'vite.config.ts',
        'precompress-plugin.ts',
      ]),
    );
    for (const left of ['dist', 'dist-server', 'node_modules', 'test', 'e2e'])
      expect(inputs).not.toContain(left);
  });
});
