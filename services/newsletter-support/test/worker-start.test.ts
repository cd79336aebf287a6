import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const workspace = fileURLToPath(new URL('..', import.meta.url));

describe('the e-mail worker process', () => {
  it('in production refuses to start without SMTP_URL, naming it in one message, and writes no e-mail folder', async () => {
    const scratch = await mkdtemp(path.join(tmpdir(), 'newsletter-worker-'));
    const outbox = path.join(scratch, 'outbox');
    try {
      const outcome = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
        execFile(
          process.execPath,
          ['--import', 'tsx', 'src/worker.ts'],
          {
            cwd: workspace,
            env: {
              PATH: process.env.PATH,
              NODE_ENV: 'production',
              MAIL_OUTBOX_DIR: outbox,
              LOG_LEVEL: 'info',
            },
            timeout: 60_000,
          },
          (error, _stdout, stderr) => resolve({ code: error ? (error.code as number | null) : 0, stderr }),
        );
      });
      expect(outcome.code).toBe(1);
      expect(outcome.stderr).toMatch(/SMTP_URL is required in production/);
      // what to fix, not the loader's stack trace
      expect(outcome.stderr).not.toMatch(/^\s+at /m);
      expect(existsSync(outbox)).toBe(false);
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
