import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';

interface PackageJson {
  workspaces?: string[];
  scripts: Record<string, string>;
}

const readPackage = (folder: string) =>
  JSON.parse(readFileSync(path.join(REPO_ROOT, folder, 'package.json'), 'utf8')) as PackageJson;
const root = readPackage('.');

/** A root script with the root scripts it runs (`npm run NAME` without `-w`) written out in place. */
function expand(script: string): string {
  return script.replace(/npm run ([\w:-]+)(?![^&;|]*-w )/g, (whole, name: string) =>
    root.scripts[name] ? expand(root.scripts[name]) : whole,
  );
}

/** The tests a script runs in workspaces: `npm run test ... -w A -w B` gives test in A and in B. */
function workspaceRuns(script: string): { folder: string; name: string }[] {
  return [...script.matchAll(/npm run (test[\w:-]*)((?: --if-present)?(?: -w \S+)+)/g)].flatMap((m) =>
    [...m[2]!.matchAll(/-w (\S+)/g)].map((w) => ({ folder: w[1]!, name: m[1]! })),
  );
}

/** The vitest projects a workspace's vite config defines. */
const projectsOf = (folder: string) =>
  [...readFileSync(path.join(REPO_ROOT, folder, 'vite.config.ts'), 'utf8').matchAll(/name: '([\w-]+)'/g)].map(
    (m) => m[1],
  );
const projectsRun = (script: string) => [...script.matchAll(/--project (\S+)/g)].map((m) => m[1]);

describe('npm test', () => {
  const lanes = Object.entries(root.scripts).filter(([name]) => name.startsWith('test:lane:'));
  const runs = lanes.flatMap(([, script]) => workspaceRuns(expand(script)));

  it('runs its lanes side by side, and between them every workspace once', () => {
    expect(root.scripts.test).toContain('npm:test:lane:*');
    expect(lanes.length).toBeGreaterThan(1);
    const workspaceFolders = root.workspaces!.map((pattern) => pattern.replace(/\/\*$/, ''));
    expect([...new Set(runs.map((run) => run.folder))].sort()).toEqual([...workspaceFolders].sort());
    for (const folder of workspaceFolders) {
      const names = runs.filter((run) => run.folder === folder).map((run) => run.name);
      // a workspace's tests run whole (test) or in two parts that make the whole (test:unit, test:e2e)
      expect([['test'], ['test:e2e', 'test:unit']], folder).toContainEqual([...names].sort());
    }
  });

  it('runs every vitest project of a workspace split in parts, each in one part only', () => {
    for (const folder of new Set(runs.filter((run) => run.name !== 'test').map((run) => run.folder))) {
      const { scripts } = readPackage(folder);
      const parts = [scripts['test:unit']!, scripts['test:e2e']!].flatMap(projectsRun);
      expect(parts.sort(), folder).toEqual(projectsOf(folder).sort());
    }
  });
});
