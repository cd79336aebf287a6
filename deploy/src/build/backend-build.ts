import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { build, type Metafile, type Plugin } from 'esbuild';
import { REPO_ROOT } from '../paths.ts';
import { PROCESSES, ROLES, compiledEntry, type RoleName } from '../process-table.ts';
import { readLockTree } from './lock-tree.ts';
import { mirrorImportMetaUrl } from './mirror-import-meta-url.ts';
import { packagesImported, unresolvedImports } from './package-imports.ts';

/** Files of the deploy workspace that go into every image. */
export const DEPLOY_ENTRIES = ['src/healthcheck.ts'];

export interface CompiledFile {
  role: RoleName | 'deploy';
  source: string;
  output: string;
}

export interface BackendBuild {
  files: CompiledFile[];
  /** Packages each role's compiled files import at run time (resolved from node_modules). */
  externals: Record<RoleName | 'deploy', string[]>;
}

/** Our workspace packages are compiled into each bundle; every other package stays an import. */
const externalPackages: Plugin = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@celebstyle/') || path.isAbsolute(args.path)
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

function migrationFiles(workspace: string): string[] {
  const folder = path.join(REPO_ROOT, workspace, 'src/db/migrations');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
    .map((f) => `src/db/migrations/${f}`);
}

/** Every file a role's image runs: its processes, its migration command and its migrations. */
export function roleEntries(role: RoleName): string[] {
  const { workspace, migrateEntry } = ROLES[role];
  const entries = [
    ...PROCESSES.filter((p) => p.role === role).map((p) => p.entry),
    ...(migrateEntry ? [migrateEntry] : []),
    ...migrationFiles(workspace),
  ];
  return entries.filter((entry) => existsSync(path.join(REPO_ROOT, workspace, entry)));
}

async function compile(workspace: string, entry: string): Promise<Metafile> {
  const outfile = path.join(REPO_ROOT, workspace, compiledEntry(entry));
  const result = await build({
    absWorkingDir: REPO_ROOT,
    entryPoints: [path.join(REPO_ROOT, workspace, entry)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
    plugins: [externalPackages, mirrorImportMetaUrl(outfile)],
  });
  return result.metafile;
}

/**
 * Compiles the backend ahead of time (esbuild): every file each role runs becomes one JavaScript
 * bundle at its mirrored place (`src/server.ts` → `dist/server.js`, with a source map), our
 * workspace packages inside it, every other package imported from node_modules. Production runs
 * `node` on these; `npm start` and the tests keep running the TypeScript sources under tsx.
 *
 * A bundle imports every package from its own place, so a package our workspace packages use must
 * be found from there as the very copy their sources get: the build fails, naming the package and
 * what to declare, when the lock file would give the compiled file another copy or none.
 */
export async function buildBackend(): Promise<BackendBuild> {
  const files: CompiledFile[] = [];
  const externals = {} as BackendBuild['externals'];
  const targets: [RoleName | 'deploy', string, string[]][] = [
    ...(Object.keys(ROLES) as RoleName[]).map((role): [RoleName, string, string[]] => [
      role,
      ROLES[role].workspace,
      roleEntries(role),
    ]),
    ['deploy', 'deploy', DEPLOY_ENTRIES],
  ];
  for (const [, workspace] of targets)
    rmSync(path.join(REPO_ROOT, workspace, 'dist'), { recursive: true, force: true });
  const tree = readLockTree();
  const problems: string[] = [];
  for (const [role, workspace, entries] of targets) {
    const imported = new Set<string>();
    for (const entry of entries) {
      const metafile = await compile(workspace, entry);
      for (const name of packagesImported(metafile)) imported.add(name);
      problems.push(...unresolvedImports(tree, workspace, metafile));
      files.push({ role, source: `${workspace}/${entry}`, output: `${workspace}/${compiledEntry(entry)}` });
    }
    externals[role] = [...imported].sort();
  }
  if (problems.length > 0) throw new Error([...new Set(problems)].join('\n'));
  return { files, externals };
}
