import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../paths.ts';

export interface LockEntry {
  name?: string;
  version?: string;
  integrity?: string;
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
}

/**
 * package-lock.json's `packages`: every folder an install creates, by its place relative to the
 * repository root (`node_modules/pg`, `packages/service-kit/node_modules/lru-cache`, the workspace
 * folders themselves). `npm ci` makes exactly these folders (`--omit=dev` and `--workspace` leave
 * some out), so Node's resolution can be worked out from the lock file alone.
 */
export type LockTree = Record<string, LockEntry>;

export function readLockTree(root = REPO_ROOT): LockTree {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: LockTree;
  };
  return lock.packages;
}

/** The workspace folder a file of ours belongs to (`packages/service-kit` for one of its sources). */
export function workspaceOf(tree: LockTree, file: string): string | undefined {
  const relative = file.split(path.sep).join('/');
  let best: string | undefined;
  for (const location of Object.keys(tree))
    if (location && !location.includes('node_modules') && relative.startsWith(`${location}/`))
      if (!best || location.length > best.length) best = location;
  return best;
}

/**
 * Where Node finds package `name` imported from a file in `from` (a lock location): the nearest
 * `node_modules/<name>` up the folders, as Node looks. A link (a workspace) is returned as the link.
 */
export function resolveIn(tree: LockTree, from: string, name: string): string | undefined {
  let location = from;
  for (;;) {
    const candidate = `${location ? `${location}/` : ''}node_modules/${name}`;
    if (tree[candidate]) return candidate;
    if (!location) return undefined;
    const nested = location.lastIndexOf('/node_modules/');
    if (nested >= 0) location = location.slice(0, nested);
    else location = location.includes('/') ? location.slice(0, location.lastIndexOf('/')) : '';
  }
}

/**
 * The places `npm ci --omit=dev --workspace <workspace>` fills: the workspace's dependencies
 * (optional and peer ones where the lock file has them) and theirs, each where Node finds it, the
 * links to workspaces (its own too) and the workspace folders they point at.
 */
export function productionInstall(tree: LockTree, workspace: string): Map<string, LockEntry> {
  const installed = new Map<string, LockEntry>();
  const visit = (location: string) => {
    if (installed.has(location)) return;
    const entry = tree[location];
    if (!entry) throw new Error(`package-lock.json has no entry ${location}`);
    installed.set(location, entry);
    const required = Object.keys({ ...entry.dependencies, ...entry.optionalDependencies });
    const peers = Object.keys(entry.peerDependencies ?? {});
    for (const name of [...required, ...peers]) {
      const found = resolveIn(tree, location, name);
      if (!found) {
        if (required.includes(name)) throw new Error(`${location}: ${name} is not in package-lock.json`);
        continue; // an optional peer nobody installs
      }
      const target = tree[found]!;
      if (target.link && target.resolved) {
        installed.set(found, target);
        visit(target.resolved);
      } else visit(found);
    }
  };
  visit(workspace);
  // npm links the workspace itself at the root too.
  for (const [location, entry] of Object.entries(tree))
    if (entry.link && entry.resolved === workspace) installed.set(location, entry);
  return installed;
}
