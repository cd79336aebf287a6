import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import type { LockTree } from '../src/build/lock-tree.ts';
import { unresolvedImports } from '../src/build/package-imports.ts';

/**
 * A repository like ours: service `a` bundles workspace package `kit`, which uses lru-cache 11,
 * installed under kit's own node_modules because a development tool holds the root's place with
 * lru-cache 5.
 */
function lockTree(serviceDeclares: LockTree = {}): LockTree {
  return {
    '': { name: 'repo' },
    'services/a': {
      name: '@x/a',
      dependencies: {
        '@x/kit': '0.1.0',
        ...(serviceDeclares['services/a/node_modules/lru-cache'] ? { 'lru-cache': '11.5.3' } : {}),
      },
      devDependencies: { 'a-tool': '1.0.0' },
    },
    'packages/kit': { name: '@x/kit', dependencies: { 'lru-cache': '11.5.3' } },
    'node_modules/@x/a': { link: true, resolved: 'services/a' },
    'node_modules/@x/kit': { link: true, resolved: 'packages/kit' },
    'packages/kit/node_modules/lru-cache': { version: '11.5.3', integrity: 'sha512-eleven' },
    'node_modules/lru-cache': { version: '5.1.1', integrity: 'sha512-five', dev: true },
    'node_modules/a-tool': { version: '1.0.0', integrity: 'sha512-tool', dev: true },
    ...serviceDeclares,
  };
}

function metafile(imports: Record<string, string[]>): Metafile {
  return {
    inputs: Object.fromEntries(
      Object.entries(imports).map(([input, paths]) => [
        input,
        {
          bytes: 1,
          imports: paths.map((path) => ({ path, kind: 'import-statement' as const, external: true })),
        },
      ]),
    ),
    outputs: {},
  };
}

describe("the build's check that a bundle finds each package its sources import", () => {
  const bundle = metafile({
    'services/a/src/server.ts': ['node:fs', 'fs'],
    'packages/kit/src/cache.ts': ['lru-cache'],
  });

  it('refuses a bundle that would find another release of a package than its source, naming what to declare', () => {
    expect(unresolvedImports(lockTree(), 'services/a', bundle)).toEqual([
      'services/a/dist would import lru-cache 5.1.1 (node_modules/lru-cache) where packages/kit/src/cache.ts ' +
        'imports lru-cache 11.5.3 (packages/kit/node_modules/lru-cache): ' +
        `declare "lru-cache": "11.5.3" in services/a/package.json's dependencies`,
    ]);
  });

  it('accepts it once the workspace declares the release its bundled package uses', () => {
    const declared = lockTree({
      'services/a/node_modules/lru-cache': { version: '11.5.3', integrity: 'sha512-eleven' },
    });
    expect(unresolvedImports(declared, 'services/a', bundle)).toEqual([]);
  });

  it('refuses a package found only among development dependencies: the image would not have it', () => {
    const problems = unresolvedImports(
      lockTree(),
      'services/a',
      metafile({ 'services/a/src/server.ts': ['a-tool/sub'] }),
    );
    expect(problems).toEqual([
      "services/a/dist imports a-tool 1.0.0 (node_modules/a-tool), which is not among services/a's " +
        `production dependencies (its image would not have it): declare "a-tool": "1.0.0" in services/a/package.json's dependencies`,
    ]);
  });
});
