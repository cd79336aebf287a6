/**
 * Gzipped size of the built console (run `npm run build` first): the JS index.html loads (module
 * scripts and modulepreloads, with their static imports), the chunks a route's lazy page adds when
 * it opens, and the chunk the Link Validation screen loads lazily for its chart. Prints a table.
 *   node --import tsx scripts/bundle-size.ts   (npm run size -w @celebstyle/admin-web)
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = join(import.meta.dirname, '..', 'dist');
const assets = join(dist, 'assets');
const files = readdirSync(assets).filter((name) => name.endsWith('.js'));
const source = (name: string) => readFileSync(join(assets, name), 'utf8');
const gzipKb = (name: string) => gzipSync(readFileSync(join(assets, name))).length / 1024;

/** The chunks a chunk imports statically (`import … from "./x.js"`, `import "./x.js"`). */
function staticImports(name: string): string[] {
  const found = source(name).matchAll(/(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g);
  return [...found].map((match) => match[1]!);
}

/** A set of chunks with everything they import statically. */
function closure(start: readonly string[], loaded: ReadonlySet<string> = new Set()): Set<string> {
  const seen = new Set<string>();
  const queue = start.filter((name) => !loaded.has(name));
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (seen.has(name) || loaded.has(name)) continue;
    seen.add(name);
    queue.push(...staticImports(name));
  }
  return seen;
}

const chunk = (prefix: string) => {
  const name = files.find((file) => file.startsWith(`${prefix}-`));
  if (!name) throw new Error(`no chunk ${prefix}-*.js in ${assets}: build first`);
  return name;
};
const total = (names: Iterable<string>) => [...names].reduce((sum, name) => sum + gzipKb(name), 0);

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const entry = [...html.matchAll(/(?:src|href)="\/admin\/assets\/([^"]+\.js)"/g)].map((match) => match[1]!);
const initial = closure(entry);
const route = closure([chunk('link-validation')], initial);
const chart = closure([chunk('health-chart')], new Set([...initial, ...route]));

const rows: [string, Set<string>][] = [
  ['index.html (module script, modulepreloads)', initial],
  ['+ /admin/link-validation page chunks', route],
  ['+ chart, loaded lazily', chart],
];
for (const [label, names] of rows) {
  console.log(
    `${label.padEnd(44)} ${total(names).toFixed(1).padStart(7)} KB gzip  (${[...names].join(', ')})`,
  );
}
console.log(
  `${'initial JS of /admin/link-validation'.padEnd(44)} ${total([...initial, ...route])
    .toFixed(1)
    .padStart(7)} KB gzip`,
);
