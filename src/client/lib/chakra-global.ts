import { system } from '../system';
import { hasServerGlobalStyles } from './server-styles';

/**
 * On a page the server rendered, Chakra's global styles (the order of its cascade layers, the CSS reset, the global
 * CSS, the tokens' variables) came in the HTML as Emotion's `css-global` style tags, which stay in <head> for the
 * page's life. ChakraProvider's two <Global>s are then given nothing, so the browser neither builds those styles again
 * at start-up nor replaces the server's tags with its own: `system._global` is built on first read
 * (scripts/lib/chakra-lazy-global.ts, a build step), and here it is never read. A page the browser renders alone (one
 * behind login) has no such tag and builds them as before.
 */
export function keepServerGlobalStyles() {
  if (!hasServerGlobalStyles()) return;
  system._global = [];
  system.layers.atRule = '';
}
