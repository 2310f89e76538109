// Lint rules: typescript-eslint's recommended set on top of ESLint's, for sources, tests and benchmarks. Layout is
// Prettier's (npm run format; npm run lint checks it); lines stay within 120 columns, but for those holding a string,
// a template or a URL, which Prettier cannot split.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
);
