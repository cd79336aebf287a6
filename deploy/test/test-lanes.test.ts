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
  it('runs its lanes side by side, and between them every workspace once', () => {
    expect(root.scripts.test).toContain('npm:test:lane:*');
    const lanes = Object.entries(root.scripts).filter(([name]) => name.startsWith('test:lane:'));
    expect(lanes.length).toBeGreaterThan(1);
    const covered = lanes.flatMap(([, script]) => selected(script));
    const workspaceFolders = root.workspaces.map((pattern) => pattern.replace(/\/\*$/, ''));
    expect([...covered].sort()).toEqual([...workspaceFolders].sort());
  });
});
