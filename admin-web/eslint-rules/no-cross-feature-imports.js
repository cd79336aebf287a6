import path from 'node:path';

const src = path.resolve(import.meta.dirname, '../src');
const features = path.join(src, 'features');
const shared = ['components', 'lib', 'config'].map((dir) => path.join(src, dir));

const inside = (dir, file) => {
  const rel = path.relative(dir, file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
};

/** The feature folder a file belongs to (features/<name>/...), or null. */
const featureOf = (file) =>
  inside(features, file) ? path.relative(features, file).split(path.sep)[0] : null;

/**
 * Keeps the admin console's features apart: a file under src/features/X may import its own folder
 * and the shared code (src/components, src/lib, src/config), never src/features/Y; and the shared
 * code imports no feature. Only relative specifiers can reach these folders, so only they are checked.
 */
export default {
  meta: {
    type: 'problem',
    docs: { description: 'forbid imports from one admin-web feature folder into another' },
    schema: [],
    messages: {
      crossFeature:
        'features/{{from}} may not import features/{{to}}: move what both need to src/components, src/lib or src/config, or compose them in src/app.',
      sharedImportsFeature:
        'shared code (src/components, src/lib, src/config) may not import features/{{to}}.',
    },
  },
  create(context) {
    const file = context.filename;
    const from = featureOf(file);
    const isShared = shared.some((dir) => inside(dir, file));
    if (!from && !isShared) return {};

    function check(node) {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      if (!source.value.startsWith('.')) return;
      const to = featureOf(path.resolve(path.dirname(file), source.value));
      if (!to) return;
      if (isShared) context.report({ node: source, messageId: 'sharedImportsFeature', data: { to } });
      else if (to !== from) context.report({ node: source, messageId: 'crossFeature', data: { from, to } });
    }
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};
