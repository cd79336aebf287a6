import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { REPO_ROOT } from '../src/paths.ts';
import { DEFAULT_PORTS, PROCESSES, ROLES, compiledCommand } from '../src/process-table.ts';
import { CONFIG_LOADERS, SAMPLE_SECRETS } from './support/production-config.ts';

interface ComposeService {
  image?: string;
  build?: { context: string; dockerfile: string; target: string };
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { disable?: boolean };
  read_only?: boolean;
  cap_drop?: string[];
  ports?: string[];
}

const compose = parse(readFileSync(path.join(REPO_ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
};

/** Compose's interpolation of `${NAME}`, `${NAME:-default}` and `${NAME:?error}` from a shell's variables. */
function interpolate(value: string, shell: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, op?: string, rest?: string) => {
    if (shell[name]) return shell[name];
    if (op === '?') throw new Error(`${name} must be set: ${rest}`);
    return op === '-' ? (rest ?? '') : '';
  });
}

const environmentOf = (service: ComposeService, shell: Record<string, string>) =>
  Object.fromEntries(
    Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), shell)]),
  );

describe('docker-compose.yml', () => {
  it('runs exactly the processes of the process table, besides PostgreSQL, Redis and the one-shot prepare', () => {
    expect(Object.keys(compose.services).sort()).toEqual(
      [...PROCESSES.map((p) => p.name), 'postgres', 'redis', 'prepare'].sort(),
    );
  });

  it('builds each process from its role target and runs its compiled command, HTTP ones on their port', () => {
    for (const p of PROCESSES) {
      const service = compose.services[p.name]!;
      expect(service.image, p.name).toBe(ROLES[p.role].image);
      expect(service.build, p.name).toEqual({
        context: '.',
        dockerfile: 'deploy/Dockerfile',
        target: p.role,
      });
      expect(service.command, p.name).toEqual(compiledCommand(p.role, p.entry));
      expect(service.read_only, p.name).toBe(true);
      expect(service.cap_drop, p.name).toEqual(['ALL']);
      if (p.kind === 'http') expect(service.environment?.PORT, p.name).toBe(String(DEFAULT_PORTS[p.role]));
      else expect(service.healthcheck, p.name).toEqual({ disable: true });
    }
    const gateway = compose.services.gateway!.environment!;
    for (const name of ['catalog', 'accounts', 'newsletter-support', 'link-validation'] as const)
      expect(gateway[`${name.replace('-', '_').toUpperCase()}_URL`]).toBe(
        `http://${name}:${DEFAULT_PORTS[name]}`,
      );
  });

  it('gives every process the variables it needs, which its own loader accepts, in development and in production', () => {
    const development = { ADMIN_PASSWORD: SAMPLE_SECRETS.ADMIN_PASSWORD! };
    const production = {
      ...development,
      NODE_ENV: 'production',
      PUBLIC_SITE_URL: 'https://celebstyle.example',
      NEWSLETTER_SIGNING_SECRET: SAMPLE_SECRETS.NEWSLETTER_SIGNING_SECRET!,
      SMTP_URL: SAMPLE_SECRETS.SMTP_URL!,
    };
    for (const p of PROCESSES) {
      const declared = compose.services[p.name]!.environment ?? {};
      // Keys may come as files on the shared keys volume (AUTH_JWKS_FILE, AUTH_PRIVATE_KEY_FILE).
      for (const name of [...p.production.secrets, ...p.production.settings])
        expect(name in declared || `${name}_FILE` in declared, `${p.name}: ${name}`).toBe(true);
      for (const shell of [development, production]) {
        const env = environmentOf(compose.services[p.name]!, shell);
        expect(env.TRUST_PROXY ?? 'false', p.name).not.toBe('true');
        expect(() => CONFIG_LOADERS[p.name]!(env), `${p.name} (${env.NODE_ENV})`).not.toThrow();
      }
    }
    expect(() => environmentOf(compose.services.accounts!, {})).toThrow(/ADMIN_PASSWORD must be set/);
  });

  it('has every process, workers included, serve /metrics on METRICS_PORT and trace only when an OTLP endpoint is given', () => {
    const shell = { ADMIN_PASSWORD: SAMPLE_SECRETS.ADMIN_PASSWORD! };
    for (const p of PROCESSES) {
      const service = compose.services[p.name]!;
      expect(environmentOf(service, shell).METRICS_PORT, p.name).toBe('9464');
      expect(environmentOf(service, shell).OTEL_EXPORTER_OTLP_ENDPOINT, p.name).toBe('');
      const traced = environmentOf(service, {
        ...shell,
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      });
      expect(traced.OTEL_EXPORTER_OTLP_ENDPOINT, p.name).toBe('http://collector:4318');
      expect(service.ports ?? [], p.name).not.toContainEqual(expect.stringContaining('9464'));
    }
  });

  it('runs Redis as BullMQ needs it in production: append-only persistence, no eviction', () => {
    const command = compose.services.redis!.command!.join(' ');
    expect(command).toContain('--appendonly yes');
    expect(command).toContain('--maxmemory-policy noeviction');
  });
});
