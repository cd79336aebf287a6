// @vitest-environment node
import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from '../eslint-rules/no-cross-feature-imports.js';

RuleTester.describe = describe;
RuleTester.it = it;

const src = path.resolve(import.meta.dirname, '../src');
const at = (file: string) => path.join(src, file);

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser } });

tester.run('no-cross-feature-imports', rule, {
  valid: [
    {
      filename: at('features/posts/components/posts-page.tsx'),
      code: "import { x } from '../api/posts-queries.ts';",
    },
    { filename: at('features/posts/api/posts-queries.ts'), code: "import { x } from '../url-state.ts';" },
    {
      filename: at('features/posts/components/posts-page.tsx'),
      code: "import { Dialog } from '../../../components/dialog.tsx';",
    },
    {
      filename: at('features/posts/components/posts-page.tsx'),
      code: "import { notify } from '../../../lib/toast.tsx';",
    },
    {
      filename: at('features/posts/components/posts-page.tsx'),
      code: "import type { AdminPost } from '@celebstyle/contracts';",
    },
    {
      filename: at('app/routes/posts.tsx'),
      code: "import PostsPage from '../../features/posts/components/posts-page.tsx';",
    },
    { filename: at('lib/session.tsx'), code: "import { tokenStore } from './token-store.ts';" },
  ],
  invalid: [
    {
      filename: at('features/posts/components/posts-page.tsx'),
      code: "import { useSomething } from '../../celebrities/api/celebrities-queries.ts';",
      errors: [{ messageId: 'crossFeature', data: { from: 'posts', to: 'celebrities' } }],
    },
    {
      filename: at('features/posts/api/posts-api.ts'),
      code: "export { x } from '../../shows/api/shows-api.ts';",
      errors: [{ messageId: 'crossFeature', data: { from: 'posts', to: 'shows' } }],
    },
    {
      filename: at('features/link-validation/components/link-validation-page.tsx'),
      code: "const m = import('../../posts/components/posts-page.tsx');",
      errors: [{ messageId: 'crossFeature', data: { from: 'link-validation', to: 'posts' } }],
    },
    {
      filename: at('components/dialog.tsx'),
      code: "import { x } from '../features/posts/api/posts-queries.ts';",
      errors: [{ messageId: 'sharedImportsFeature', data: { to: 'posts' } }],
    },
  ],
});
