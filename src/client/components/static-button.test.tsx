import { Button, ChakraProvider, IconButton } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import createEmotionServer from '@emotion/server/create-instance';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { system } from '../system';
import { buttonLook, iconButtonLook, StaticButton } from './static-button';

/** The markup and the CSS Emotion extracts for it, rendered with the app's system in a cache of its own. */
function render(node: ReactNode) {
  const cache = createCache({ key: 'css' });
  cache.compat = true; // styles collected, not written before each element, as the server renders
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>{node}</ChakraProvider>
    </CacheProvider>,
  );
  const { styles } = createEmotionServer(cache).extractCriticalToChunks(html);
  const own = styles.find((s) => s.key === 'css');
  return { html, css: own?.css ?? '' };
}

/** A button's class attribute and the rules for its style names. */
function classAndCss(node: ReactNode) {
  const { html, css } = render(node);
  const className = /class="([^"]*)"/.exec(html)?.[1] ?? '';
  return { className, css };
}

// StaticButton stands for Chakra's Button where its look is constant: for the same variants and style props it must
// give the same class and the same CSS, hover, focus and disabled states included. A Chakra upgrade that changes how
// Button composes its styles fails here.
describe('StaticButton', () => {
  const looks = [
    { props: { variant: 'ghost', size: 'sm', fontWeight: 'semibold' }, look: buttonLook({ variant: 'ghost', size: 'sm' }, { fontWeight: 'semibold' }) },
    { props: { size: 'sm', colorPalette: 'brand' }, look: buttonLook({ size: 'sm' }, { colorPalette: 'brand' }) },
    {
      props: { colorPalette: 'accent', size: 'sm', display: { base: 'none', sm: 'inline-flex' } },
      look: buttonLook({ size: 'sm' }, { colorPalette: 'accent', display: { base: 'none', sm: 'inline-flex' } }),
    },
    { props: { variant: 'outline', colorPalette: 'brand', size: 'lg' }, look: buttonLook({ variant: 'outline', size: 'lg' }, { colorPalette: 'brand' }) },
    { props: {}, look: buttonLook({}) },
  ] as const;

  it.each(looks)('gives the class and CSS of Chakra\'s Button for $props', ({ props, look }) => {
    const chakra = classAndCss(<Button {...props}>Knapp</Button>);
    const plain = classAndCss(<StaticButton look={look}>Knapp</StaticButton>);
    expect(chakra.className).toMatch(/^chakra-button css-\w+$/);
    expect(plain).toEqual(chakra);
    // Not an empty look: the recipe's states are there.
    expect(plain.css).toContain(':hover');
    expect(plain.css).toContain(':disabled');
    expect(plain.css).toContain('focus-visible');
  });

  it("gives the class and CSS of Chakra's IconButton", () => {
    const chakra = classAndCss(<IconButton aria-label="Meny" variant="ghost" size="sm" display={{ base: 'inline-flex', md: 'none' }} />);
    const look = iconButtonLook({ variant: 'ghost', size: 'sm' }, { display: { base: 'inline-flex', md: 'none' } });
    expect(classAndCss(<StaticButton aria-label="Meny" look={look} />)).toEqual(chakra);
  });

  it('is a button that submits nothing unless told, and takes its element and attributes from its caller', () => {
    const look = buttonLook({ variant: 'ghost' });
    expect(render(<StaticButton look={look}>Knapp</StaticButton>).html).toMatch(/^<button type="button" class="chakra-button css-\w+">Knapp<\/button>$/);
    expect(render(<StaticButton look={look} type="submit" disabled>Send</StaticButton>).html).toMatch(/^<button type="submit" disabled="" class=/);
    const link = render(<StaticButton as="a" look={look} href="/annonser" className="extra">Kjøp bil</StaticButton>).html;
    expect(link).toMatch(/^<a href="\/annonser" class="chakra-button extra css-\w+">Kjøp bil<\/a>$/);
  });
});
