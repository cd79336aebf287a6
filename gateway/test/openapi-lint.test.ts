import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requiresAdminToken, UPSTREAM_NAMES } from '../src/route-table.ts';
import { startWholeApi, type WholeApi } from './helpers/whole-api.ts';

interface Operation {
  operationId?: string;
  summary?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, { headers?: Record<string, unknown>; content?: Record<string, unknown> }>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown>; securitySchemes?: Record<string, unknown> };
}
interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

const CONFIG = fileURLToPath(new URL('../redocly.yaml', import.meta.url));
const require = createRequire(import.meta.url);
const cliPackage = require.resolve('@redocly/cli/package.json');
const CLI = path.join(
  path.dirname(cliPackage),
  (JSON.parse(readFileSync(cliPackage, 'utf8')) as { bin: Record<string, string> }).bin.redocly!,
);

/** The rules redocly.yaml keeps as warnings, each with its reason there. */
const keptWarnings = [...readFileSync(CONFIG, 'utf8').matchAll(/^ {2}([\w-]+): warn$/gm)].map(
  ([, rule]) => rule,
);

/** `redocly lint` with our config, run offline on Node as a caller would run it. */
async function lint(document: unknown, dir: string, name: string): Promise<LintProblem[]> {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(document));
  const result = await promisify(execFile)(
    process.execPath,
    [CLI, 'lint', file, '--config', CONFIG, '--format', 'json', '--max-problems', '10000'],
    { env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
  ).catch((error: { stdout?: string; stderr?: string }) => {
    // Exit code 1 when there are errors: the JSON report is on stdout all the same.
    if (!error.stdout) throw error;
    return { stdout: error.stdout };
  });
  return (JSON.parse(result.stdout) as { problems: LintProblem[] }).problems;
}

const operationsOf = (document: Document) =>
  Object.entries(document.paths).flatMap(([route, operations]) =>
    Object.entries(operations).map(([method, operation]) => ({ route, method, operation })),
  );

const needsToken = (operation: Operation) =>
  (operation.security ?? []).some((requirement) => 'bearerAuth' in requirement);

/** A path of the document with its parameters filled in (ids are UUIDs). */
const concrete = (route: string) => route.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');

describe('the combined OpenAPI document', () => {
  let api: WholeApi;
  let full: Document;
  let publicPart: Document;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    api = await startWholeApi('gateway_openapi_lint');
    const signedIn = await api.gateway.inject({
      url: '/api/docs/json',
      headers: { authorization: `Bearer ${api.adminToken}` },
    });
    full = signedIn.json<Document>();
    publicPart = (await api.gateway.inject({ url: '/api/docs/json' })).json<Document>();
  });
  afterAll(async () => {
    await api?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has every service in it', () => {
    expect(Object.keys(full.paths).some((route) => route.startsWith('/api/admin/auth'))).toBe(true);
    expect(Object.keys(full.paths).some((route) => route.startsWith('/api/newsletter'))).toBe(true);
    expect(operationsOf(full).length).toBeGreaterThan(80);
  });

  it(
    'passes redocly lint with no errors, and only the warnings redocly.yaml keeps with a reason',
    { timeout: 60_000 },
    async () => {
      for (const [name, document] of [
        ['admin', full],
        ['public', publicPart],
      ] as const) {
        const problems = await lint(document, dir, name);
        const summary = problems.map(
          (p) => `${p.severity} ${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`,
        );
        expect(
          summary.filter((line) => line.startsWith('error')),
          name,
        ).toEqual([]);
        const unlisted = problems.filter((p) => !keptWarnings.includes(p.ruleId));
        expect(
          unlisted.map((p) => `${p.ruleId}: ${p.message}`),
          name,
        ).toEqual([]);
      }
    },
  );

  it('names every operation with a unique camelCase operationId and a summary', () => {
    const ids = operationsOf(full).map(({ operation }) => operation.operationId);
    for (const { route, method, operation } of operationsOf(full)) {
      expect(operation.operationId, `${method} ${route}`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
      expect(operation.summary?.trim(), `${method} ${route}`).toBeTruthy();
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('asks for the bearer token on exactly the operations the gateway refuses without one', async () => {
    expect(full.components.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const { route, method, operation } of operationsOf(full)) {
      expect(needsToken(operation), `${method} ${route}`).toBe(requiresAdminToken(route));
      if (!needsToken(operation)) expect(operation.security, `${method} ${route}`).toEqual([]);
      const res = await api.gateway.inject({ method: method.toUpperCase() as 'GET', url: concrete(route) });
      expect(res.statusCode === 401, `${method} ${route} answered ${res.statusCode}`).toBe(
        needsToken(operation),
      );
    }
  });

  it("asks for the bearer token in each service's own document exactly where the service refuses without one", async () => {
    for (const service of UPSTREAM_NAMES) {
      const document = (await api.services[service].inject({ url: '/openapi.json' })).json<Document>();
      for (const { route, method, operation } of operationsOf(document)) {
        const res = await api.services[service].inject({
          method: method.toUpperCase() as 'GET',
          url: concrete(route),
        });
        expect(res.statusCode === 401, `${service}: ${method} ${route} answered ${res.statusCode}`).toBe(
          needsToken(operation),
        );
      }
    }
  });

  it('documents 429 with the error body and Retry-After on every operation: the gateway limits them all', () => {
    for (const { route, method, operation } of operationsOf(full)) {
      const tooMany = operation.responses['429'];
      expect(tooMany?.headers?.['retry-after'], `${method} ${route}`).toBeDefined();
      expect(tooMany?.content, `${method} ${route}`).toEqual({
        'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } },
      });
    }
  });

  it('keeps the shared schemas once, under components, and refers to them', () => {
    for (const name of [
      'ErrorBody',
      'PublicPost',
      'AffiliateLink',
      'PostPagination',
      'CelebrityProfile',
      'Show',
    ])
      expect(full.components.schemas[name], name).toBeDefined();
    const text = JSON.stringify(full);
    // The error body's shape is written once; every answer that uses it refers to it.
    expect(text.split('"required":["statusCode","error","message","code"]').length - 1).toBe(1);
    expect(text.split('"$ref":"#/components/schemas/ErrorBody"').length - 1).toBeGreaterThan(300);
    expect(text).not.toMatch(/"#\/components\/schemas\/[a-z-]+\./);
  });

  it('documents the post import as a JSON array or NDJSON, with its limits', () => {
    const importPosts = full.paths['/api/admin/posts/import']!.post!;
    expect(Object.keys(importPosts.requestBody!.content)).toEqual(
      expect.arrayContaining(['application/json', 'application/x-ndjson']),
    );
    expect(importPosts.requestBody!.content['application/json']).toMatchObject({
      schema: { type: 'array', maxItems: 50_000 },
    });
    expect(JSON.stringify(importPosts)).toContain('64 MiB');
    expect(importPosts.responses['413']).toBeDefined();
  });
});
