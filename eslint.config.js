// ESLint flat config: typescript-eslint's recommended rules plus React's hook rules, for the whole repo.
// `npm run lint`. Type-aware rules are off on purpose: they would make lint as slow as a full tsc run,
// and `npm test` already typechecks.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/client/routeTree.gen.ts', 'generated/**', 'e2e/screenshots/**', 'coverage/**', '.tmp/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // Deliberate escapes (walking the tRPC router by path, untyped registry JSON in tests) are easier to read
      // than the casts that would replace them; flagged, not fatal.
      '@typescript-eslint/no-explicit-any': 'warn',
      // `_unused` marks a value kept on purpose (e.g. `const { passwordHash: _omit, ...user } = row`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    ...reactHooks.configs.flat['recommended-latest'],
    rules: {
      ...reactHooks.configs.flat['recommended-latest'].rules,
      // rules-of-hooks stays an error: breaking it is a bug. The rules below are React Compiler diagnostics
      // (what keeps a component from being auto-memoized); this app does not use the compiler, so they are
      // advice, and several fire on sound code (handleSubmit callbacks reading refs, a useCallback calling itself).
      ...Object.fromEntries(
        [
          'set-state-in-effect',
          'refs',
          'immutability',
          'purity',
          'globals',
          'static-components',
          'use-memo',
          'preserve-manual-memoization',
          'set-state-in-render',
          'error-boundaries',
          'unsupported-syntax',
          'incompatible-library',
          'config',
          'gating',
        ].map((r) => [`react-hooks/${r}`, 'warn']),
      ),
    },
  },
  {
    files: ['public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  // One-way imports (docs/conventions.md "Where things live"), matched on the relative import path. Tests are
  // exempt: a test may check that both sides agree.
  ...importDirections([
    { files: ['src/shared/**'], forbid: [['server', false], ['client', false], ['db', false]], why: 'src/shared is imported by server and client and imports neither, nor the database' },
    { files: ['src/client/**'], forbid: [['server', true], ['db', false]], why: "src/client takes only types from src/server (the AppRouter): use `import type`" },
    { files: ['src/server/**'], forbid: [['client', false]], why: 'src/server does not import src/client; code both need lives in src/shared' },
    // The store is the bottom of the server (docs/decisions/023-one-store.md): what it needs lives in it or in src/shared.
    {
      files: ['src/server/store/**'],
      forbid: [['client', false], ['services', false], ['realtime', false], ['routers', false], ['http', false], ['rest', false], ['trpc', false], ['pages', false]],
      why: 'src/server/store imports nothing from the layers above it: move what it needs into the store or src/shared',
    },
    // The schema's JSON columns name their shapes with types from src/shared; nothing else of src is imported.
    { files: ['db/**'], forbid: [['src/server', false], ['src/client', false], ['src/shared', true]], why: 'db/ imports nothing from src (types of src/shared only)' },
  ]),
);

/**
 * A no-restricted-imports block per folder: `forbid` lists [folder, types allowed] reached by a relative path
 * (`../server/…`, `../../db`), so a package such as `@trpc/server` is not caught.
 */
function importDirections(rules) {
  return rules.map(({ files, forbid, why }) => ({
    files: files.map((f) => `${f}/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: forbid.map(([folder, allowTypeImports]) => ({
            regex: `^(\\.\\./)+${folder}(/|$)`,
            allowTypeImports,
            message: why,
          })),
        },
      ],
    },
  }));
}
