// A build step for Chakra UI 3 (Vite plugin) that takes work off the browser's start-up, in two rewrites of Chakra's
// dist/esm/styled-system/system.js. Chakra has no option for either (chakra-ui/chakra-ui#10413, #10080).
//
// - Lazy global styles: `createSystem` builds the global styles (the CSS reset, the global CSS and a CSS variable for
//   every token, all through the style pipeline) although only ChakraProvider's <Global> reads them, and on a page the
//   server rendered they are in the HTML already. `system._global` becomes a getter that builds them on first read, and
//   settable, so the client can hand <Global> nothing where the server's styles are in the page
//   (src/client/lib/chakra-global.ts).
// - Creation in steps: what remains of `createSystem` is one long task. `createSystem.steps` does the same work as a
//   generator that pauses between its parts (the merged config, the token dictionary, the utilities, the token map), so
//   the browser's start-up can run one part per task (src/client/system-ahead.ts). `createSystem` runs the steps at once.
//   The two longest parts pause within too: the merge after each configuration's copy (styled-system/merge-config.js),
//   the token dictionary between the phases of its build (styled-system/token-dictionary.js).
//
// Each rewrite fails the build when it does not find the code it rewrites: after a Chakra upgrade, check the new code
// (scripts/lib/chakra-lazy-global.test.ts says what it relies on).
import type { Plugin } from 'vite';

/** The modules the step rewrites, as Vite names them. */
export const CHAKRA_SYSTEM = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;
export const CHAKRA_TOKENS = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]token-dictionary\.js$/;
export const CHAKRA_MERGE = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]merge-config\.js$/;

const EAGER = 'const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];';
const LAZY = 'let _globalStyles;';
const RETURNED = /(\n\s*)_global,\n/;
const ACCESSORS =
  '$1get _global() { return _globalStyles ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]; },' +
  '$1set _global(value) { _globalStyles = value; },\n';

/** Chakra's system.js with `_global` built on first read; throws when the code it rewrites is not there. */
export function lazyGlobal(code: string): string {
  if (code.split(EAGER).length !== 2 || !RETURNED.test(code)) {
    throw new Error(
      "chakra-lazy-global: @chakra-ui/react's styled-system/system.js no longer builds `_global` as this step expects; " +
        'see scripts/lib/chakra-lazy-global.ts',
    );
  }
  return code.replace(EAGER, LAZY).replace(RETURNED, ACCESSORS);
}

const CREATE = 'function createSystem(...configs) {\n';
/** The steps pause before each of these lines: after the merged config, the token dictionary, the utilities. */
const PAUSES = [
  '  const layers = createLayers(config);\n',
  '  const breakpoints = createBreakpoints(theme.breakpoints ?? EMPTY_OBJECT);\n',
  '  utility.addPropertyType(\n',
  '  const tokenMap = getTokenMap(tokens);\n',
];
/** The merge and the token dictionary are made in their own steps (stagedMerge, stagedTokens), pauses of the system's. */
const MERGE_CALL = '  const config = mergeConfigs(...configs);\n';
const MERGE_STEPS_CALL = '  const config = yield* mergeConfigs.steps(...configs);\n';
const TOKENS_CALL = '  const tokens = createTokenDictionary({\n';
const TOKENS_STEPS_CALL = '  const tokens = yield* createTokenDictionary.steps({\n';
/**
 * A function's first line (`signature`: `function name(params) {` or `const name = (params) => {`) made into three: `name`,
 * which runs `nameSteps` to its end at once (its callers see no change), `name.steps`, and the first line of `nameSteps`,
 * the function's own body as a generator.
 */
function generatorOf(name: string, signature: string): string {
  const params = signature.slice(signature.indexOf('(') + 1, signature.indexOf(')'));
  const end = signature.startsWith('const ') ? '};' : '}';
  return (
    `${signature}\n  const steps = ${name}Steps(${params});\n` +
    `  for (;;) {\n    const step = steps.next();\n    if (step.done) return step.value;\n  }\n${end}\n` +
    `${name}.steps = ${name}Steps;\nfunction* ${name}Steps(${params}) {\n`
  );
}

/** `code` with `replacements` made, each of whose texts must occur exactly once; throws naming `file` otherwise. */
function rewriteOnce(code: string, file: string, what: string, replacements: [string, string][]): string {
  if (!replacements.every(([text]) => code.split(text).length === 2)) {
    throw new Error(`chakra-lazy-global: @chakra-ui/react's styled-system/${file} no longer ${what} as this step expects; see scripts/lib/chakra-lazy-global.ts`);
  }
  return replacements.reduce((out, [text, by]) => out.replace(text, by), code);
}

/** Chakra's system.js with `createSystem.steps`, the same work as a generator in parts; throws when the code it rewrites is not there. */
export function stagedCreate(code: string): string {
  return rewriteOnce(code, 'system.js', 'creates the system', [
    [CREATE, generatorOf('createSystem', 'function createSystem(...configs) {')],
    ...PAUSES.map((line): [string, string] => [line, `  yield;\n${line}`]),
    [MERGE_CALL, MERGE_STEPS_CALL],
    [TOKENS_CALL, TOKENS_STEPS_CALL],
  ]);
}

const MERGE_CREATE = 'const mergeConfigs = (...configs) => {\n  const merged = mergeWith({}, ...configs.map(clone));\n';
/** The same copies, one per step, then the same merge. */
const MERGE_STEPS =
  generatorOf('mergeConfigs', 'const mergeConfigs = (...configs) => {') +
  '  const copies = [];\n' +
  '  for (const config of configs) {\n    copies.push(clone(config));\n    yield;\n  }\n' +
  '  const merged = mergeWith({}, ...copies);\n';

/** Chakra's merge-config.js with `mergeConfigs.steps`, pausing after each configuration's copy; throws when the code it rewrites is not there. */
export function stagedMerge(code: string): string {
  return rewriteOnce(code, 'merge-config.js', 'merges configurations', [[MERGE_CREATE, MERGE_STEPS]]);
}

const TOKENS_CREATE = 'function createTokenDictionary(options) {\n';
/** The dictionary's steps pause after its tokens are registered and between the phases of its build. */
const TOKENS_PAUSES: [string, string][] = [
  ['  build();\n  return dictionary;\n', '  yield;\n  yield* build();\n  return dictionary;\n'],
  ['  function build() {\n', '  function* build() {\n'],
  ['    addConditionalTokens();\n', '    yield;\n    addConditionalTokens();\n'],
  ['    applyMiddlewares("post");\n', '    yield;\n    applyMiddlewares("post");\n'],
  ['    setupViews();\n', '    yield;\n    setupViews();\n'],
];

/** Chakra's token-dictionary.js with `createTokenDictionary.steps`, the same work in parts; throws when the code it rewrites is not there. */
export function stagedTokens(code: string): string {
  return rewriteOnce(code, 'token-dictionary.js', 'builds its dictionary', [
    [TOKENS_CREATE, generatorOf('createTokenDictionary', 'function createTokenDictionary(options) {')],
    ...TOKENS_PAUSES,
  ]);
}

export function chakraLazyGlobal(): Plugin {
  let building = false;
  let rewritten = false;
  return {
    name: 'bilpartner:chakra-lazy-global',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (CHAKRA_TOKENS.test(file)) return { code: stagedTokens(code), map: null };
      if (CHAKRA_MERGE.test(file)) return { code: stagedMerge(code), map: null };
      if (!CHAKRA_SYSTEM.test(file)) return null;
      rewritten = true;
      return { code: stagedCreate(lazyGlobal(code)), map: null };
    },
    buildEnd(error) {
      // A build that never met Chakra's system.js (moved or renamed in an upgrade) would ship the eager build.
      if (building && !error && !rewritten) this.error('chakra-lazy-global: the build did not include @chakra-ui/react/dist/esm/styled-system/system.js');
    },
  };
}
