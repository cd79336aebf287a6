import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/paths.ts';
import { DEFAULT_PORTS, PROCESSES, ROLES, compiledCommand, type RoleName } from '../src/process-table.ts';

interface Stage {
  name: string;
  from: string;
  instructions: string[];
}

/** The Dockerfile's stages and their instructions (continuation lines joined, comments dropped). */
function stages(text: string): Stage[] {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((l) => l.trim().replace(/\s+/g, ' '))
    .filter((l) => l && !l.startsWith('#'));
  const result: Stage[] = [];
  for (const line of lines) {
    const from = /^FROM (\S+)(?: AS (\S+))?$/i.exec(line);
    if (from) result.push({ from: from[1]!, name: from[2] ?? '', instructions: [] });
    else result.at(-1)?.instructions.push(line);
  }
  return result;
}

const dockerfile = stages(readFileSync(path.join(REPO_ROOT, 'deploy/Dockerfile'), 'utf8'));
const stage = (name: string) => dockerfile.find((s) => s.name === name);

describe('deploy/Dockerfile', () => {
  it('installs every dependency from the lock file in a layer of its own, before the sources come in', () => {
    const dependencies = stage('dependencies')!;
    expect(dependencies.instructions).toContain('COPY --from=manifests /manifests ./');
    expect(dependencies.instructions.some((i) => /^RUN .*npm ci /.test(i))).toBe(true);
    expect(dependencies.instructions.some((i) => i.startsWith('COPY . '))).toBe(false);
    expect(stage('build')).toMatchObject({
      from: 'dependencies',
      instructions: ['COPY . .', 'RUN npm run build'],
    });
  });

  it('has a target per role: its production dependencies, its compiled files, its port, user node, its server', () => {
    const runtime = stage('runtime')!;
    expect(runtime.instructions).toContain('ENV NODE_ENV=production');
    expect(
      runtime.instructions.some(
        (i) => i.startsWith('HEALTHCHECK ') && i.includes('deploy/dist/healthcheck.js'),
      ),
    ).toBe(true);
    for (const role of Object.keys(ROLES) as RoleName[]) {
      const { workspace } = ROLES[role];
      const target = stage(role);
      expect(target?.from, role).toBe('runtime');
      const server = PROCESSES.find((p) => p.role === role && p.kind === 'http')!;
      expect(target!.instructions, role).toEqual(
        expect.arrayContaining([
          `RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund --workspace ${workspace}`,
          `COPY --from=build /app/${workspace}/dist ${workspace}/dist`,
          `ENV PORT=${DEFAULT_PORTS[role]}`,
          `EXPOSE ${DEFAULT_PORTS[role]}`,
          'USER node',
          `CMD ${JSON.stringify(compiledCommand(role, server.entry)).replace(/","/g, '", "')}`,
        ]),
      );
      // Nothing of the build stage's node_modules (development tools) reaches a role.
      expect(
        target!.instructions.filter((i) => i.includes('node_modules')),
        role,
      ).toEqual([]);
    }
    expect(stage('gateway')!.instructions).toEqual(
      expect.arrayContaining([
        'COPY --from=build /app/web/dist web/dist',
        // the storefront's server bundle: the gateway renders pages with it
        'COPY --from=build /app/web/dist-server web/dist-server',
        'COPY --from=build /app/admin-web/dist admin-web/dist',
      ]),
    );
  });
});
