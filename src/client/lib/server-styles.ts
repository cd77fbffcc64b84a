import createCache, { type EmotionCache } from '@emotion/cache';

/**
 * What the server's Emotion style tags carry in place of Emotion's own `data-emotion` (entry-server.tsx). Emotion's
 * browser cache takes every `data-emotion` tag it finds into its sheet by moving it in the DOM, and a moved stylesheet
 * is a new stylesheet to the browser: it recalculates the whole page's styles during start-up. Under this name the
 * tags stay where the server put them, and `browserStyleCache` tells the cache what they hold
 * (docs/decisions/019-server-rendering.md).
 */
export const SERVER_STYLES_ATTRIBUTE = 'data-server-emotion';

/** The style chunks Emotion's server extracts for a page (`extractCriticalToChunks`): a cache key, style names, CSS. */
export interface StyleChunks {
  styles: { key: string; ids: string[]; css: string }[];
}

/**
 * The chunks as style tags, as Emotion's `constructStyleTagsFromChunks` writes them, under SERVER_STYLES_ATTRIBUTE in
 * place of `data-emotion`.
 */
export function serverStyleTags(chunks: StyleChunks): string {
  return chunks.styles.map((s) => `<style ${SERVER_STYLES_ATTRIBUTE}="${s.key} ${s.ids.join(' ')}">${s.css}</style>`).join('');
}

/** Whether the page holds the server's global styles (Chakra's reset, global CSS and token variables). */
export function hasServerGlobalStyles(): boolean {
  return document.querySelector(`style[${SERVER_STYLES_ATTRIBUTE}^="css-global "]`) !== null;
}

/**
 * The app's Emotion cache in the browser: a style the server's tags hold counts as inserted (the attribute names the
 * cache's key and the styles' names, as Emotion's own does), so hydration inserts none of them again and moves no tag.
 */
export function browserStyleCache(): EmotionCache {
  const cache = createCache({ key: 'css' });
  for (const tag of document.querySelectorAll(`style[${SERVER_STYLES_ATTRIBUTE}]`)) {
    const [key, ...names] = (tag.getAttribute(SERVER_STYLES_ATTRIBUTE) ?? '').split(' ');
    if (key === cache.key) for (const name of names) cache.inserted[name] = true;
  }
  return cache;
}
