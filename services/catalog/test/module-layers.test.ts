import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

/** The folder a file belongs to: modules/<name>, routes/<name>, or its folder under src. */
function folderOf(file: string): string {
  const parts = path.relative(SRC, path.dirname(file)).split(path.sep);
  if (parts[0] === 'modules' || parts[0] === 'routes') return parts.slice(0, 2).join('/');
  return parts[0] || '.';
}

/** Each folder and the other folders its files import from (relative imports and re-exports). */
function folderImports(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
  for (const relative of files) {
    const file = path.join(SRC, relative);
    const from = folderOf(file);
    for (const [, target] of readFileSync(file, 'utf8').matchAll(/from '(\.{1,2}\/[^']+)'/g)) {
      const to = folderOf(path.resolve(path.dirname(file), target!));
      if (to !== from) edges.set(from, (edges.get(from) ?? new Set()).add(to));
    }
  }
  return edges;
}

const edges = folderImports();
const modules = [...edges.keys()].filter((folder) => folder.startsWith('modules/'));

/** The folders reachable from `start` through imports. */
function reachable(start: string): Set<string> {
  const seen = new Set<string>();
  const next = [...(edges.get(start) ?? [])];
  while (next.length > 0) {
    const folder = next.pop()!;
    if (seen.has(folder)) continue;
    seen.add(folder);
    next.push(...(edges.get(folder) ?? []));
  }
  return seen;
}

// docs/conventions.md, A Fastify service: domain code does not import Fastify; lib is below modules.
describe('catalog source folders', () => {
  it('reads the folders it checks', () => {
    expect(modules).toEqual(expect.arrayContaining(['modules/posts', 'modules/search', 'modules/shows']));
  });

  it('has no module folder that imports, through any chain, a folder that imports it back', () => {
    expect(modules.filter((folder) => reachable(folder).has(folder))).toEqual([]);
  });

  it('keeps lib below the modules: it imports only db', () => {
    expect([...(edges.get('lib') ?? [])]).toEqual(['db']);
  });

  it('keeps plugins and routes out of domain code', () => {
    const upward = modules.flatMap((folder) =>
      [...edges.get(folder)!]
        .filter((to) => to === 'plugins' || to.startsWith('routes/'))
        .map((to) => `${folder} -> ${to}`),
    );
    expect(upward).toEqual([]);
  });
});
