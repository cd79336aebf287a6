import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noCrossFeatureImports from './admin-web/eslint-rules/no-cross-feature-imports.js';

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
    files: ['web/**/*.{ts,tsx}', 'admin-web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // admin-web: features/X never imports features/Y; shared code lives in src/components, src/lib, src/config
    files: ['admin-web/src/**/*.{ts,tsx}'],
    plugins: { 'admin-web': { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: { 'admin-web/no-cross-feature-imports': 'error' },
  },
);
