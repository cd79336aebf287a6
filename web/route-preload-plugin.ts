import type { Plugin } from 'vite';
import { EARLY_ANSWERS_GLOBAL } from './src/lib/early-answers.ts';

type Chunk = {
  type: 'chunk';
  fileName: string;
  imports: string[];
  isEntry: boolean;
  facadeModuleId: string | null;
};

/**
 * An API answer a page cannot render without, fetched by /route-preload.js as the page starts
 * instead of once the app has run (`{1}` in `api` is the pattern's first group). When `image` names
 * fields of the answer, the first one set is preloaded with high priority: it is the page's largest
 * image. The app takes the answer once through `takeEarlyAnswer` (src/lib/early-answers.ts), so the
 * API is asked only once.
 */
export type EarlyAnswer = { pattern: string; api: string; image?: string[] };

/** Source of the early-answer part of /route-preload.js (plain ES2015, runs before the app). */
function earlyAnswerSource(answers: EarlyAnswer[]): string {
  return `if(document.documentElement.hasAttribute('data-ssr'))return;var a=${JSON.stringify(answers)};for(var j=0;j<a.length;j++){var m=new RegExp(a[j].pattern).exec(p);if(!m)continue;var id;try{id=encodeURIComponent(decodeURIComponent(m[1]))}catch(e){return}var u=a[j].api.replace('{1}',id),f=a[j].image;window.${EARLY_ANSWERS_GLOBAL}={};window.${EARLY_ANSWERS_GLOBAL}[u]=fetch(u,{headers:{accept:'application/json'}}).then(function(r){if(r.ok&&f)r.clone().json().then(function(b){for(var k=0;k<f.length;k++)if(typeof b[f[k]]==='string'&&b[f[k]]){var l=document.createElement('link');l.rel='preload';l.as='image';l.href=b[f[k]];l.fetchPriority='high';document.head.appendChild(l);return}}).catch(function(){});return r});break}`;
}

/**
 * Routes are lazy chunks, so a cold load of / or /product/{id} would fetch the entry, run it, and
 * only then ask for the page's chunk. This build plugin writes /route-preload.js, a tiny async
 * script (external, so the gateway's CSP allows it) that adds <link rel="modulepreload"> for the
 * current path's chunk and its imports: the page code downloads while the entry is still loading.
 * It also starts the early answers (above) of the current path, unless the server rendered the page
 * (`data-ssr` on <html>): its answers are in the page already.
 */
export function routePreload(
  routes: { pattern: string; module: string }[],
  earlyAnswers: EarlyAnswer[] = [],
): Plugin {
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
      const source = `(function(){var t=${JSON.stringify(table)},p=location.pathname;for(var i=0;i<t.length;i++){if(new RegExp(t[i][0],'i').test(p)){t[i][1].forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.href=h;document.head.appendChild(l)});break}}${earlyAnswerSource(earlyAnswers)}})();\n`;
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
