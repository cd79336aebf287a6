import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const fixture = fileURLToPath(new URL('./fixtures/slow-service.ts', import.meta.url));

describe('graceful shutdown', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    'on %s finishes the in-flight request, refuses new ones, closes pools and exits 0',
    async (signal) => {
      const child = spawn(process.execPath, ['--import', 'tsx', fixture], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const port = await new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no port in: ${output}`)), 15_000);
        child.stdout.on('data', () => {
          const match = /listening (\d+)/.exec(output);
          if (match) {
            clearTimeout(timer);
            resolve(Number(match[1]));
          }
        });
      });

      const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then(async (r) => ({
        status: r.status,
        body: await r.json(),
      }));
      await new Promise((resolve) => setTimeout(resolve, 150));
      child.kill(signal);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const late = await fetch(`http://127.0.0.1:${port}/slow`).then(
        (r) => r.status,
        () => 'refused',
      );

      expect(await inFlight).toEqual({ status: 200, body: { finished: true } });
      expect([503, 'refused']).toContain(late);
      const [code] = await once(child, 'exit');
      expect(code).toBe(0);
      expect(output).toContain('closed pools');
    },
  );
});
