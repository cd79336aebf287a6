import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../../src/paths.ts';
import { ROLES, type RoleName } from '../../src/process-table.ts';

const run = promisify(execFile);

/** What deploy/Dockerfile copies besides a role's own dist/ (the gateway serves the web apps). */
const EXTRA_DIST: Partial<Record<RoleName, string[]>> = { gateway: ['web/dist', 'admin-web/dist'] };

/** The manifests deploy/Dockerfile's `manifests` stage collects: what `npm ci` reads. */
export async function copyManifests(target: string): Promise<void> {
  const { stdout } = await run(
    'git',
    ['ls-files', 'package.json', '*/package.json', 'package-lock.json', '.npmrc'],
    { cwd: REPO_ROOT },
  );
  for (const file of stdout.split('\n').filter(Boolean)) {
    mkdirSync(path.dirname(path.join(target, file)), { recursive: true });
    cpSync(path.join(REPO_ROOT, file), path.join(target, file));
  }
}

/**
 * A role's image as deploy/Dockerfile's runtime stage assembles it, in a new temporary folder: the
 * manifests, `npm ci --omit=dev --workspace <role>` (offline: from the npm cache the development
 * install filled; scripts off, as no production dependency needs one to run), then the compiled
 * files of `npm run build`.
 */
export async function assembleRuntimeImage(role: RoleName): Promise<string> {
  const folder = mkdtempSync(path.join(tmpdir(), `celebstyle-image-${role}-`));
  try {
    await copyManifests(folder);
    const { workspace } = ROLES[role];
    await run(
      'npm',
      [
        'ci',
        '--omit=dev',
        '--offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts',
        '--workspace',
        workspace,
      ],
      { cwd: folder, timeout: 240_000 },
    );
    for (const dist of [`${workspace}/dist`, 'deploy/dist', ...(EXTRA_DIST[role] ?? [])]) {
      if (existsSync(path.join(REPO_ROOT, dist)))
        cpSync(path.join(REPO_ROOT, dist), path.join(folder, dist), { recursive: true });
    }
    return folder;
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
}

/** Every package name installed anywhere under a folder's node_modules (nested copies too). */
export function installedPackages(folder: string): Set<string> {
  const names = new Set<string>();
  const visit = (modules: string) => {
    if (!existsSync(modules)) return;
    for (const entry of readdirSync(modules, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      if (!entry.isDirectory() && !entry.isSymbolicLink()) continue;
      if (entry.name.startsWith('@')) {
        for (const scoped of readdirSync(path.join(modules, entry.name))) {
          names.add(`${entry.name}/${scoped}`);
          visit(path.join(modules, entry.name, scoped, 'node_modules'));
        }
        continue;
      }
      names.add(entry.name);
      visit(path.join(modules, entry.name, 'node_modules'));
    }
  };
  visit(path.join(folder, 'node_modules'));
  return names;
}
