// ESLint flat config (issue 18): typescript-eslint's type-checked rules on every TypeScript file,
// React hooks and jsx-a11y on the two React apps, one import order everywhere. Prettier owns
// formatting (eslint-config-prettier turns off the rules it would fight). Zero findings is the bar:
// `npm run lint` runs with --max-warnings 0 in CI.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const tsProjects = [
  './tsconfig.node.json',
  './apps/web/tsconfig.json',
  './apps/group-orders/tsconfig.json',
  './e2e/tsconfig.json',
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '.tmp/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { project: tsProjects, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // a leading underscore marks a name unused on purpose: a parameter a signature requires
      // (`_reply`), or a key taken out so the rest copy leaves it (`const { page: _page, ...query }`)
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    // tests read JSON payloads (light-my-request's res.json(), fetch) whose shape they then assert;
    // typing every payload in a test adds casts, not safety, so the no-unsafe-* family is off there
    files: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.ts',
      '**/*.test-helpers.ts',
      'apps/api/test/**',
      'e2e/**',
      'bench/**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // the Vite configs sit outside the apps' TypeScript projects (they run in Node, not the browser)
    files: ['apps/*/vite.config.ts'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/group-orders/src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest'], jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // one import order: node built-ins, packages, then the repo's own files, alphabetised. Imports
    // for their side effects only (stylesheets) keep their place: moving them reorders the CSS cascade.
    plugins: { 'import-x': importX },
    rules: {
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', ['parent', 'sibling', 'index']],
          pathGroups: [{ pattern: '@caterway/**', group: 'internal' }],
          pathGroupsExcludedImportTypes: ['builtin'],
          alphabetize: { order: 'asc', caseInsensitive: true },
          'newlines-between': 'never',
        },
      ],
      'import-x/first': 'error',
      'import-x/no-duplicates': 'error',
    },
  },
  prettier,
);
