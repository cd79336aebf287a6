import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';

const root = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
  workspaces: string[];
  scripts: Record<string, string>;
};

/** The folders a script selects with `-w FOLDER`. */
const selected = (script: string) => [...script.matchAll(/-w (\S+)/g)].map((m) => m[1]);

describe('npm test', () => {
  it('runs the two lanes side by side, and between them every workspace once', () => {
    expect(root.scripts.test).toContain('npm:test:backend');
    expect(root.scripts.test).toContain('npm:test:apps');
    const lanes = [...selected(root.scripts['test:backend']!), ...selected(root.scripts['test:apps']!)];
    const workspaceFolders = root.workspaces.map((pattern) => pattern.replace(/\/\*$/, ''));
    expect([...lanes].sort()).toEqual([...workspaceFolders].sort());
  });
});
