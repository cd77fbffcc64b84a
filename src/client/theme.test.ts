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
});
