import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ensureDevKeys } from '../../src/dev-secrets.ts';
import { freePort } from '../../src/free-port.ts';
import {
  compiledEntry,
  processTable,
  SERVICE_NAMES,
  type ProcessSpec,
  type StackSettings,
} from '../../src/process-table.ts';

/** A compiled process started with `node` alone, its output kept for the failure message. */
export interface CompiledProcess {
  spec: ProcessSpec;
  child: ChildProcess;
  /** Where its health answers: /healthz and /readyz of an HTTP process, a worker's /metrics. */
  url: string;
  output: () => string;
}

/**
 * Every production process's environment as an operator sets it (NODE_ENV=production, the
 * settings process-table.ts names), on free loopback ports, against the given PostgreSQL and Redis.
 * Every process gets a METRICS_PORT (as in Kubernetes): a worker's /metrics server is what shows it
 * runs, and a server answers /metrics there apart from its API port.
 */
export async function productionTable(options: {
  databaseUrl: string;
  redisUrl: string;
  queuePrefix: string;
  dataDir: string;
}): Promise<ProcessSpec[]> {
  const keys = await ensureDevKeys(options.dataDir);
  const ports = { gateway: await freePort() } as StackSettings['ports'];
  for (const name of SERVICE_NAMES) ports[name] = await freePort();
  const settings: StackSettings = {
    nodeEnv: 'production',
    logLevel: 'warn',
    host: '127.0.0.1',
    databaseUrl: options.databaseUrl,
    redisUrl: options.redisUrl,
    queuePrefix: options.queuePrefix,
    ports,
    jwksFile: keys.jwksFile,
    privateKeyFile: keys.privateKeyFile,
    admin: { username: 'admin', email: 'admin@celebstyle.test', password: 'a long first password' },
    publicSiteUrl: 'https://celebstyle.test',
    newsletterSigningSecret: 'n'.repeat(48),
    mailOutboxDir: path.join(options.dataDir, 'outbox'),
    // Production refuses the .eml folder; nothing is sent in this test, so nothing needs to listen.
    extraEnv: { SMTP_URL: 'smtp://127.0.0.1:9' },
  };
  const table = processTable(settings);
  for (const spec of table) spec.env = { ...spec.env, METRICS_PORT: String(await freePort()) };
  return table;
}

/**
 * Starts a process's compiled entry as its image's command does (`node --enable-source-maps
 * <workspace>/dist/...js`), from `cwd` (an image's /app, or the repository root), with only its own
 * environment and PATH.
 */
export function startCompiled(spec: ProcessSpec, cwd: string): CompiledProcess {
  const file = `${spec.workspace}/${compiledEntry(spec.entry)}`;
  const child = spawn(process.execPath, ['--enable-source-maps', file], {
    cwd,
    env: { PATH: process.env.PATH, ...spec.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-4_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const port = spec.kind === 'http' ? spec.port : Number(spec.env.METRICS_PORT);
  return { spec, child, url: `http://127.0.0.1:${port}`, output: () => output };
}

/** SIGTERM, then the exit code (null when it had to be killed after 20 s). */
export async function stopCompiled(proc: CompiledProcess): Promise<number | null> {
  const { child } = proc;
  if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const code = await exited;
  clearTimeout(timer);
  return code;
}
