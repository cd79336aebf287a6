import { execFile } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';
import { PROCESSES, ROLES } from '../src/process-table.ts';

/** Runs one production process with a setting every process reads set wrong. */
function startWithBadSetting(workspace: string, entry: string) {
  return new Promise<{ code: number | null; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', entry],
      {
        cwd: path.join(REPO_ROOT, workspace),
        env: { PATH: process.env.PATH, NODE_ENV: 'production', LOG_LEVEL: 'loud' },
        timeout: 60_000,
      },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stderr }),
    );
  });
}

describe('a process refused its configuration', () => {
  it.concurrent.each(PROCESSES.map((p) => [p.name, p] as const))(
    '%s says what to fix in one message and exits 1, without a stack trace',
    async (name, definition) => {
      const outcome = await startWithBadSetting(ROLES[definition.role].workspace, definition.entry);
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toContain(`${name}: cannot start: Invalid configuration`);
      expect(outcome.stderr).toMatch(/LOG_LEVEL/);
      expect(outcome.stderr).not.toMatch(/^\s+at /m);
    },
  );
});
