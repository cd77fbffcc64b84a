// A build step for Chakra UI 3 (Vite plugin): `createSystem` builds the global styles (the CSS reset, the global CSS and
// a CSS variable for every token, all through the style pipeline) as it creates the system, although only
// ChakraProvider's <Global> reads them. On a page the server rendered, those styles are in the HTML already, and the
// browser built them for nothing at start-up. This plugin makes `system._global` a getter that builds them on first
// read, and settable, so the client can hand <Global> nothing where the server's styles are in the page
// (src/client/lib/chakra-global.ts). Chakra has no option for it (chakra-ui/chakra-ui#10413, #10080).
//
// It rewrites two lines of Chakra's dist/esm/styled-system/system.js and fails the build when it does not find them:
// after a Chakra upgrade, check the new code (scripts/lib/chakra-lazy-global.test.ts says what it relies on).
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
      return { code: lazyGlobal(code), map: null };
    },
    buildEnd(error) {
      // A build that never met Chakra's system.js (moved or renamed in an upgrade) would ship the eager build.
      if (building && !error && !rewritten) this.error('chakra-lazy-global: the build did not include @chakra-ui/react/dist/esm/styled-system/system.js');
    },
  };
}
