import { spawn } from 'node:child_process';
import { failureSummary } from './failure-summary.ts';

/**
 * Runs a test command (the arguments), passing its output through as it comes, and when it fails
 * repeats at the end what failed (failure-summary.ts), then exits with its exit code.
 */
const [command, ...args] = process.argv.slice(2);
if (!command) {
  process.stderr.write('usage: test-command <command> [arguments...]\n');
  process.exit(2);
}
const chunks: Buffer[] = [];
const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'] });
child.stdout.on('data', (chunk: Buffer) => {
  chunks.push(chunk);
  process.stdout.write(chunk);
});
child.stderr.on('data', (chunk: Buffer) => {
  chunks.push(chunk);
  process.stderr.write(chunk);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('error', (err) => {
  process.stderr.write(`could not run ${command}: ${err.message}\n`);
  process.exit(1);
});
child.on('close', (code) => {
  // No code: the command was ended by a signal.
  const exitCode = code ?? 1;
  if (exitCode !== 0) {
    const failures = failureSummary(Buffer.concat(chunks).toString('utf8'));
    const lines = failures.length > 0 ? failures : ['(no vitest failure report found: see the output above)'];
    process.stdout.write(`\n== what failed, repeated from above ==\n${lines.join('\n')}\n`);
  }
  process.exit(exitCode);
});
