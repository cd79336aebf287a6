import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';
import { failureSummary } from '../src/test-run/failure-summary.ts';

const folder = mkdtempSync(path.join(tmpdir(), 'test-command-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
writeFileSync(path.join(folder, 'package.json'), '{"type":"module"}');
writeFileSync(
  path.join(folder, 'sums.test.ts'),
  `import { expect, test } from 'vitest';
test('adds one and one', () => expect(1 + 1).toBe(3));
test('adds two and two', () => expect(2 + 2).toBe(4));
`,
);
writeFileSync(
  path.join(folder, 'late.test.ts'),
  `import { test } from 'vitest';
test('throws after it ends', () => { setTimeout(() => { throw new Error('thrown late'); }, 1); });
test('waits', () => new Promise((resolve) => setTimeout(resolve, 50)));
`,
);

/** The wrapper running a command: its exit code, its standard output and error, and both. */
function runWrapped(
  ...command: string[]
): Promise<{ code: number; stdout: string; stderr: string; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'deploy/src/test-run/test-command.ts', ...command],
      { cwd: REPO_ROOT, env: { ...process.env, FORCE_COLOR: '1' } },
      (err, stdout, stderr) =>
        resolve({ code: err ? Number(err.code) : 0, stdout, stderr, output: stdout + stderr }),
    );
  });
}

/** The wrapper running vitest on the folder. */
const runTests = (...filters: string[]) =>
  runWrapped(path.join(REPO_ROOT, 'node_modules', '.bin', 'vitest'), 'run', '--root', folder, ...filters);

describe('the test command wrapper', () => {
  it('repeats at the end what failed, under the folder it ran in, and exits with the run’s code', async () => {
    const { code, stdout } = await runTests();
    expect(code).toBe(1);
    const end = stdout.slice(stdout.lastIndexOf('== what failed, repeated from above =='));
    expect(end).toContain(`-- ${folder}`);
    expect(end).toContain('FAIL  sums.test.ts > adds one and one');
    expect(end).toContain('expected 2 to be 3');
    expect(end).toContain('Error: thrown late');
    expect(end).toMatch(/Test Files\s+1 failed \| 1 passed/);
    expect(end).toMatch(/Errors\s+1 error/);
    expect(end).not.toContain('FAIL  sums.test.ts > adds two and two');
    expect(end).not.toContain('\u001b[');
  }, 60_000);

  it('adds nothing to a run that passes, and exits 0', async () => {
    const { code, output } = await runTests('sums', '-t', 'two and two');
    expect(code).toBe(0);
    expect(output).not.toContain('what failed');
  }, 60_000);

  it('says how it is used and exits 2 without a command, and exits 1 naming a command it cannot run', async () => {
    const none = await runWrapped();
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('usage: test-command <command>');
    const missing = await runWrapped('no-such-test-command');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('could not run no-such-test-command');
  }, 60_000);

  it('says it found no failure report when the command fails without one', async () => {
    const { code, stdout } = await runWrapped(process.execPath, '-e', 'process.exit(3)');
    expect(code).toBe(3);
    expect(stdout).toContain('(no vitest failure report found: see the output above)');
  }, 60_000);
});

describe('failureSummary', () => {
  it('cuts a long report, saying how much it left out, and keeps npm’s line naming the workspace', () => {
    const output = [
      ' RUN  v5.1.1 /repo/services/catalog',
      '⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯',
      ' FAIL  test/a.test.ts > a',
      ...Array.from({ length: 200 }, (_, i) => `diff line ${i}`),
      ' Test Files  1 failed (1)',
      '   Duration  1.2s',
      'npm error workspace @celebstyle/catalog@0.1.0',
    ].join('\n');
    const summary = failureSummary(output);
    expect(summary[0]).toBe('-- /repo/services/catalog');
    expect(summary).toContain('   (144 more lines of this report above)');
    expect(summary.at(-1)).toBe('npm error workspace @celebstyle/catalog@0.1.0');
  });
});
