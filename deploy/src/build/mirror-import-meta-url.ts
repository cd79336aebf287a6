import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * Where a compiled module would sit if it were compiled on its own: `<workspace>/src/a/b.ts` is
 * mirrored at `<workspace>/dist/a/b.js`.
 */
export function mirroredPath(sourceFile: string): string {
  const parts = sourceFile.split(path.sep);
  const src = parts.lastIndexOf('src');
  if (src < 0) throw new Error(`${sourceFile} is not under a src folder`);
  parts[src] = 'dist';
  return parts.join(path.sep).replace(/\.ts$/, '.js');
}

/**
 * A bundle shares one `import.meta.url` among all its modules, so paths a module computes from its
 * own location (its migrations folder, the repository root) would point next to the bundle instead.
 * This plugin gives every module of ours the URL of its mirrored place (mirroredPath), so
 * `new URL('./migrations', import.meta.url)` in `src/db/x.ts` finds `dist/db/migrations`, where the
 * build writes the compiled migrations, and `../..` from `gateway/src` is still the repository root.
 */
export function mirrorImportMetaUrl(outFile: string): Plugin {
  return {
    name: 'mirror-import-meta-url',
    setup(build) {
      build.onLoad({ filter: /\.ts$/ }, async (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path
          .relative(path.dirname(outFile), mirroredPath(args.path))
          .split(path.sep)
          .join('/');
        const url = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', url), loader: 'ts' };
      });
    },
  };
}
