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
//
// Each rewrite fails the build when it does not find the code it rewrites: after a Chakra upgrade, check the new code
// (scripts/lib/chakra-lazy-global.test.ts says what it relies on).
import type { Plugin } from 'vite';

/** The module the step rewrites, as Vite names it. */
export const CHAKRA_SYSTEM = /@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/;

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
const STEPS =
  'function createSystem(...configs) {\n' +
  '  const steps = createSystemSteps(...configs);\n' +
  '  for (;;) {\n    const step = steps.next();\n    if (step.done) return step.value;\n  }\n}\n' +
  'createSystem.steps = createSystemSteps;\n' +
  'function* createSystemSteps(...configs) {\n';

/** Chakra's system.js with `createSystem.steps`, the same work as a generator in parts; throws when the code it rewrites is not there. */
export function stagedCreate(code: string): string {
  if (![CREATE, ...PAUSES].every((part) => code.split(part).length === 2)) {
    throw new Error(
      "chakra-lazy-global: @chakra-ui/react's styled-system/system.js no longer creates the system as this step expects; " +
        'see scripts/lib/chakra-lazy-global.ts',
    );
  }
  return PAUSES.reduce((out, line) => out.replace(line, `  yield;\n${line}`), code.replace(CREATE, STEPS));
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
      if (!CHAKRA_SYSTEM.test(id.split('?')[0])) return null;
      rewritten = true;
      return { code: stagedCreate(lazyGlobal(code)), map: null };
    },
    buildEnd(error) {
      // A build that never met Chakra's system.js (moved or renamed in an upgrade) would ship the eager build.
      if (building && !error && !rewritten) this.error('chakra-lazy-global: the build did not include @chakra-ui/react/dist/esm/styled-system/system.js');
    },
  };
}
