// `npm run lint:promises`: the type-aware checks for promises that `npm run lint` leaves out for speed (see
// eslint.config.js): a promise nobody awaits, an await of something that is not one. Worth a run after a change that
// makes functions async; it takes about as long as a full tsc.
import tseslint from 'typescript-eslint';

export default tseslint.config({
  files: ['src/server/**/*.ts', 'db/**/*.ts', 'scripts/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts'],
  languageOptions: { parser: tseslint.parser, parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  plugins: { '@typescript-eslint': tseslint.plugin },
  linterOptions: { reportUnusedDisableDirectives: 'off' },
  rules: {
    '@typescript-eslint/no-floating-promises': 'error',
    '@typescript-eslint/await-thenable': 'error',
    '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
  },
});
