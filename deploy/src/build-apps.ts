import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LogSink } from './child-process.ts';
import { REPO_ROOT } from './paths.ts';

/** The web apps the gateway serves; each builds with its own `build` script (vite). */
export const WEB_APPS = ['web', 'admin-web'] as const;

/** Everything in a web app's folder feeds its build (vite config, build plugins, src, public) but these. */
const NOT_SOURCES = new Set(['dist', 'dist-server', 'node_modules', 'test', 'e2e', 'README.md']);

function newestMtime(target: string): number {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** The files and folders of a web app that its build reads. */
export function buildInputs(workspace: string): string[] {
  const dir = path.join(REPO_ROOT, workspace);
  return readdirSync(dir)
    .filter((entry) => !NOT_SOURCES.has(entry))
    .map((entry) => path.join(dir, entry));
}

/** What a web app's build writes that the gateway reads: web's server bundle renders its pages. */
const BUILD_OUTPUTS: Record<string, string[]> = {
  web: ['dist/index.html', 'dist-server/entry-server.js'],
};

/** Built means every output (dist/index.html, and web's server bundle) exists and is newer than every source file. */
export function needsBuild(workspace: string): boolean {
  const dir = path.join(REPO_ROOT, workspace);
  const outputs = (BUILD_OUTPUTS[workspace] ?? ['dist/index.html']).map((file) => path.join(dir, file));
  if (outputs.some((file) => !existsSync(file))) return true;
  const sources = Math.max(...buildInputs(workspace).map((entry) => newestMtime(entry)));
  return outputs.some((file) => sources > statSync(file).mtimeMs);
}

/**
 * Runs one web app's `build` script, always as a production build. `outDir` builds elsewhere than
 * its dist (not for web, whose script is two builds into two folders), so a test does not rewrite the dist that a
 * running stack serves.
 */
export function runBuild(workspace: string, options: { outDir?: string } = {}): Promise<void> {
  if (options.outDir && BUILD_OUTPUTS[workspace])
    return Promise.reject(new Error(`${workspace}'s build writes more than one folder: no outDir`));
  const outDir = options.outDir ? ['--', '--outDir', options.outDir, '--emptyOutDir'] : [];
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build', '--silent', ...outDir], {
      cwd: path.join(REPO_ROOT, workspace),
      // What the gateway serves is always the production build, also when a test runner (which sets
      // NODE_ENV=test) starts the stack: otherwise Vite would bundle React's development build and a
      // later `npm start` would find that dist fresh and serve it.
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code === 0) resolve();
      else
        reject(
          new Error(
            `building ${workspace} failed (exit ${code}):\n${output.trim().split('\n').slice(-15).join('\n')}`,
          ),
        );
    });
  });
}

/**
 * Builds each web app whose dist is missing or older than its sources. A failed build is reported
 * and the stack starts anyway: the gateway then says which app is not built.
 */
export async function buildWebApps(log: LogSink): Promise<void> {
  for (const workspace of WEB_APPS) {
    const pkg = path.join(REPO_ROOT, workspace, 'package.json');
    if (!existsSync(pkg) || !needsBuild(workspace)) continue;
    const started = Date.now();
    log(`build     | building ${workspace} (dist missing or older than its sources)`);
    try {
      await runBuild(workspace);
      log(`build     | ${workspace} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } catch (error) {
      log(`build     | ${(error as Error).message}`);
    }
  }
}
