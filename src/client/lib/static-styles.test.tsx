import { ChakraProvider, createSystem, type SystemStyleObject } from '@chakra-ui/react';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buttonLook, StaticButton } from '../components/static-button';
import { themeConfigs } from '../theme';
import { collectStaticStyleNames, StaticBox, takeServerStyleNames } from './static-styles';

const look = buttonLook({ variant: 'outline', size: 'sm' }, { colorPalette: 'brand' });
const frame: SystemStyleObject = { bg: 'bg', rounded: 'xl', p: { base: 4, md: 6 } };
const variant: SystemStyleObject = { borderWidth: '1px' };

function Page({ className }: { className?: string }) {
  return (
    <StaticBox as="section" styles={frame}>
      <StaticBox as="div" styles={frame} more={variant}>
        <StaticButton look={look} className={className}>
          Lagre søk
        </StaticButton>
      </StaticBox>
    </StaticBox>
  );
}

/** A render with its own Chakra system (nothing resolved for it yet) and Emotion cache, as a browser's first render. */
function render(node: ReactNode, cache: EmotionCache = createCache({ key: 'css' })) {
  cache.compat = true; // styles collected, not written before each element, as the server renders
  const system = createSystem(...themeConfigs);
  const css = vi.spyOn(system, 'css');
  const html = renderToString(
    <CacheProvider value={cache}>
      <ChakraProvider value={system}>{node}</ChakraProvider>
    </CacheProvider>,
  );
  return { html, resolved: css.mock.calls.length };
}

const classesOf = (html: string) => [...html.matchAll(/class="([^"]*)"/g)].map((m) => m[1]);

/** A cache that holds what a server's page brought (lib/server-styles.ts browserStyleCache). */
function cacheHolding(names: string[]) {
  const cache = createCache({ key: 'css' });
  for (const name of names) cache.inserted[name] = true;
  return cache;
}

// A server's page names the static styles its markup uses; the browser's hydration then gives the same classes without
// resolving them with Chakra's system again (docs/decisions/019-server-rendering.md "Cheaper renders").
describe('static styles named by the server', () => {
  afterEach(() => takeServerStyleNames(undefined));

  it('the server names each static style its markup uses, by the class it gave', () => {
    const [{ html }, names] = collectStaticStyleNames(() => render(<Page />));
    const given = classesOf(html).map((c) => /css-(\w+)/.exec(c)![1]);
    expect(Object.values(names).sort()).toEqual([...new Set(given)].sort());
    expect(given).toHaveLength(3);
  });

  it('a hydration with those names gives the same classes and resolves no style', () => {
    const [server, names] = collectStaticStyleNames(() => render(<Page />));
    expect(server.resolved).toBeGreaterThan(0);
    takeServerStyleNames(names);
    const browser = render(<Page />, cacheHolding(Object.values(names)));
    expect(browser.html).toBe(server.html);
    expect(browser.resolved).toBe(0);
  });

  it('resolves what the page does not hold, or what merges with a registered style', () => {
    const [server, names] = collectStaticStyleNames(() => render(<Page />));
    takeServerStyleNames(names);
    // The server's tags hold none of them: every style is resolved and inserted.
    const empty = render(<Page />);
    expect(empty.html).toBe(server.html);
    expect(empty.resolved).toBe(server.resolved);
    // A class that is an Emotion style of its own merges with the button's: the button's style is resolved.
    const cache = cacheHolding(Object.values(names));
    cache.registered['css-merged'] = 'color:red;';
    expect(render(<Page className="css-merged" />, cache).resolved).toBe(1);
  });
});
