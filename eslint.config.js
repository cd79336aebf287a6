import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import noCrossFeatureImports from './admin-web/eslint-rules/no-cross-feature-imports.js';

const tsFiles = ['**/*.{ts,tsx}'];
const reactFiles = ['web/**/*.{ts,tsx}', 'admin-web/**/*.{ts,tsx}'];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.data/**', '**/coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Typed linting: each TypeScript file belongs to its workspace's tsconfig.json, which the project
    // service finds by itself. The files in no tsconfig get no type-aware rules: the JavaScript ones
    // (admin-web/eslint-rules, this config) because this block is for .ts/.tsx only, and the
    // workspaces' vitest.config.ts (test-runner settings, no promises) because they are left out here.
    files: tsFiles,
    ignores: ['**/vitest.config.ts'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // JSX event handlers may return a promise ({ attributes: false }): React ignores a handler's
      // return value, the apps' async handlers (a form's submit, a copy to the clipboard) catch their
      // own failure and a router navigation shows its failure in the route's error element; a rejection
      // one missed surfaces as an unhandled rejection, as a throwing handler surfaces as an error.
      // Inside a handler no-floating-promises still applies, and every other void-return place
      // (timers, event emitters, a server's request listener or hooks, conditions) keeps the full check.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: reactFiles,
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    ...jsxA11y.flatConfigs.recommended,
    files: ['web/**/*.tsx', 'admin-web/**/*.tsx'],
  },
  {
    // admin-web: features/X never imports features/Y; shared code lives in src/components, src/lib, src/config
    files: ['admin-web/src/**/*.{ts,tsx}'],
    plugins: { 'admin-web': { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'admin-web/no-cross-feature-imports': 'error' },
  },
);
