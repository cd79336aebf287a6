import { isBuiltin } from 'node:module';
import type { Metafile } from 'esbuild';
import { productionInstall, resolveIn, workspaceOf, type LockTree } from './lock-tree.ts';

/** `pino/file` → `pino`, `@fastify/static/x` → `@fastify/static`. */
export function packageName(specifier: string): string {
  const [scope, name] = specifier.split('/');
  return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
}

/** The packages a compiled file imports at run time (Node's own modules left out). */
export function packagesImported(metafile: Metafile): string[] {
  const names = new Set<string>();
  for (const output of Object.values(metafile.outputs))
    for (const imported of output.imports)
      if (imported.external && !isBuiltin(imported.path)) names.add(packageName(imported.path));
  return [...names];
}

function describe(tree: LockTree, location: string): string {
  const entry = tree[location]!;
  const version = entry.version ?? (entry.resolved ? tree[entry.resolved]?.version : undefined);
  return `${version ?? 'a link'} (${location})`;
}

/** Two places hold the same package when they hold the same release (or link the same workspace). */
function samePackage(tree: LockTree, a: string, b: string): boolean {
  const [x, y] = [tree[a]!, tree[b]!];
  if (x.link || y.link) return Boolean(x.link && y.link && x.resolved === y.resolved);
  return x.version === y.version && x.integrity === y.integrity;
}

const installs = new WeakMap<LockTree, Map<string, Set<string>>>();

function installedBy(tree: LockTree, workspace: string): Set<string> {
  let byWorkspace = installs.get(tree);
  if (!byWorkspace) installs.set(tree, (byWorkspace = new Map()));
  let installed = byWorkspace.get(workspace);
  if (!installed)
    byWorkspace.set(workspace, (installed = new Set(productionInstall(tree, workspace).keys())));
  return installed;
}

/**
 * The imports of a compiled file (in `workspace`'s dist/) that Node would not resolve as its sources
 * do: a bundle imports every package from its own place, while each source imported it from its
 * workspace's. One line per problem, saying what to declare; none when all is well.
 * Checked against package-lock.json, which both the development install and each image's
 * `npm ci --omit=dev --workspace <workspace>` follow.
 */
export function unresolvedImports(tree: LockTree, workspace: string, metafile: Metafile): string[] {
  const problems: string[] = [];
  for (const [input, { imports }] of Object.entries(metafile.inputs))
    for (const imported of imports) {
      if (!imported.external || isBuiltin(imported.path)) continue;
      const name = packageName(imported.path);
      const from = workspaceOf(tree, input);
      const wanted = from === undefined ? undefined : resolveIn(tree, from, name);
      if (wanted === undefined) {
        problems.push(`${input} imports ${name}, which no workspace of package-lock.json reaches`);
        continue;
      }
      const found = resolveIn(tree, workspace, name);
      const declare = `declare "${name}": "${tree[wanted]!.version ?? '*'}" in ${workspace}/package.json's dependencies`;
      if (found === undefined || !samePackage(tree, found, wanted))
        problems.push(
          `${workspace}/dist would import ${name} ${found ? describe(tree, found) : 'from nowhere'} where ` +
            `${input} imports ${name} ${describe(tree, wanted)}: ${declare}`,
        );
      else if (!installedBy(tree, workspace).has(found))
        problems.push(
          `${workspace}/dist imports ${name} ${describe(tree, found)}, which is not among ${workspace}'s ` +
            `production dependencies (its image would not have it): ${declare}`,
        );
    }
  return problems;
}
