// Lint rules: typescript-eslint's recommended set on top of ESLint's, for sources, tests and benchmarks. Layout is
// Prettier's (npm run format; npm run lint checks it); lines stay within 120 columns (only a URL or a regular
// expression literal, which cannot be split, may run longer).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'coverage/**', 'dist/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-constant-condition': ['error', { checkLoops: false }],
      'max-len': ['error', { code: 120, ignoreUrls: true, ignoreRegExpLiterals: true }],
    },
  },
  {
    // The Node scripts that run before any TypeScript is compiled (scripts/start.mjs and what it imports).
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
  },
);
