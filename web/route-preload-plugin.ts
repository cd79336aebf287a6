import type { Plugin } from 'vite';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
};

/**
 * Routes are lazy chunks, so a cold load of / or /product/{id} would fetch the entry, run it, and
 * only then ask for the page's chunk. This build plugin writes /route-preload.js, a tiny async
 * script (external, so the gateway's CSP allows it) that adds <link rel="modulepreload"> for the
 * current path's chunk and its imports: the page code downloads while the entry is still loading.
 */
export function routePreload(routes: { pattern: string; module: string }[]): Plugin {
  return {
    name: 'celebstyle-route-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((f) => f.type === 'chunk') as unknown as Chunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const entry = chunks.find((c) => c.isEntry);
      const inEntry = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const closure = (chunk: Chunk, out = new Set<string>()): Set<string> => {
        if (inEntry.has(chunk.fileName) || out.has(chunk.fileName)) return out;
        out.add(chunk.fileName);
        for (const file of chunk.imports) {
          const next = byFile.get(file);
          if (next) closure(next, out);
        }
        return out;
      };
      const table = routes.flatMap(({ pattern, module }) => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        return chunk ? [[pattern, [...closure(chunk)].map((f) => `/${f}`)] as const] : [];
      });
      const source = `(function(){var t=${JSON.stringify(table)},p=location.pathname;for(var i=0;i<t.length;i++){if(new RegExp(t[i][0],'i').test(p)){t[i][1].forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});return}}})();\n`;
      this.emitFile({ type: 'asset', fileName: 'route-preload.js', source });
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [
        { tag: 'script', attrs: { src: '/route-preload.js', async: true }, injectTo: 'head-prepend' },
      ],
    },
  };
}
