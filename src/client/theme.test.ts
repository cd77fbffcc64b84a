import { describe, expect, it } from 'vitest';
import { system } from './system';

// Every token is a CSS variable the global styles build and every page carries: the theme holds only what the product
// shows (light mode, its palettes).
describe('theme', () => {
  const css = JSON.stringify(system._global);

  it('has no dark-mode values', () => {
    expect(css).not.toMatch(/\.dark\b/);
    expect(system.tokens.allTokens.filter((t) => t.extensions.conditions && 'dark' in (t.extensions.conditions as object))).toEqual([]);
  });

  it('has no palette the product does not use', () => {
    expect(system.tokens.allTokens.filter((t) => /^colors\.(cyan|pink)\./.test(t.name))).toEqual([]);
    expect(system.tokens.getByName('colors.brand.solid')).toBeDefined();
    expect(system.tokens.getByName('colors.teal.solid')).toBeDefined();
  });

  it('declares no custom property on every element, and the reset still finds its fonts and border colour', () => {
    // Chakra's default declares thirty on `*`, which the browser resolves for each element on every style calculation.
    const everyElement: Record<string, unknown>[] = [];
    const walk = (node: unknown) => {
      if (typeof node !== 'object' || node === null) return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '*' || key === '&*') everyElement.push(value as Record<string, unknown>);
        walk(value);
      }
    };
    walk(system._global);
    expect(everyElement.length).toBeGreaterThan(0);
    for (const declarations of everyElement) expect(Object.keys(declarations).filter((name) => name.startsWith('--'))).toEqual([]);
    expect(css).toContain('"--global-font-body":"var(--chakra-fonts-body)"');
    expect(css).toContain('"--global-color-border":"var(--chakra-colors-border)"');
  });
});
