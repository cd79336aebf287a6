import { spawn } from 'node:child_process';
import { REPO_ROOT } from '../src/paths.ts';

/**
 * The link-validation benchmarks (services/link-validation/README.md, "Benchmarks of the checker
 * and the worker" and "Results benchmark"), run as their workspace scripts one after the other,
 * each in its own throw-away database and Redis prefix and each bounded in size and time: the
 * check worker as a share of this machine's check ceiling measured in the same run, and the
 * results API (p99 per filter and sort at 500,000 links) with the 10,000-row CSV export.
 */
const BENCHES: { script: string; env: Record<string, string>; quickEnv: Record<string, string> }[] = [
  {
    script: 'bench:worker',
    env: { BENCH_LINKS: '5000', BENCH_ROUNDS: '3', BENCH_CEILING_SECONDS: '5' },
    quickEnv: { BENCH_LINKS: '1000', BENCH_ROUNDS: '1', BENCH_CEILING_SECONDS: '3' },
  },
  {
    script: 'bench:results',
    env: { BENCH_RUNS: '30', BENCH_EXPORT_RUNS: '5' },
    quickEnv: { BENCH_RUNS: '10', BENCH_EXPORT_RUNS: '3' },
  },
];
const TIME_LIMIT_MS = 20 * 60_000;

function runScript(script: string, env: Record<string, string>): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', script, '-w', '@celebstyle/link-validation'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const limit = setTimeout(() => child.kill('SIGTERM'), TIME_LIMIT_MS);
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(limit);
      resolve(code);
    });
  });
}

/** Runs each benchmark; returns the scripts that failed (their output says why). */
export async function runLinkValidationBenches(
  quick: boolean,
  say: (line: string) => void,
): Promise<string[]> {
  const failed: string[] = [];
  for (const bench of BENCHES) {
    say(`link-validation: npm run ${bench.script}`);
    const code = await runScript(bench.script, quick ? bench.quickEnv : bench.env);
    if (code !== 0) failed.push(bench.script);
  }
  return failed;
}
