import { system } from '../system';

/**
 * On a page the server rendered, Chakra's global styles (the CSS reset, the global CSS, the tokens' variables) came
 * in the HTML as Emotion's `css-global` style tags, which stay in <head> for the page's life. ChakraProvider's
 * <Global> is then given nothing, so the browser does not build those styles again at start-up: `system._global` is
 * built on first read (scripts/lib/chakra-lazy-global.ts, a build step), and here it is never read. A page the
 * browser renders alone (one behind login) has no such tag and builds them as before.
 */
export function keepServerGlobalStyles() {
  if (document.querySelector('style[data-emotion^="css-global "]')) system._global = [];
}
