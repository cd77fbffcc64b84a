import { defaultBaseConfig, defineConfig, type GlobalStyleObject } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  avatarSlotRecipe,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  checkmarkRecipe,
  codeRecipe,
  collapsibleSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputAddonRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  tagSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';

/** The colour palettes the product uses (colorPalette props, `{palette}.solid`…): the theme keeps only these. */
export type Palette = 'brand' | 'accent' | 'gray' | 'red' | 'orange' | 'yellow' | 'green' | 'teal' | 'blue' | 'purple';
/** Chakra's palettes the product does not use: every token of theirs is a CSS variable built and sent for nothing. */
const UNUSED_PALETTES = new Set(['cyan', 'pink']);

function usedPalettes<T extends object>(colors: T): T {
  return Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;
}

/**
 * The product has no dark mode: a semantic token's `{ _light, _dark }` value becomes its light value, so the global
 * CSS holds one rule per token instead of a light and a dark one.
 */
function lightOnly<T>(tokens: T): T {
  if (typeof tokens !== 'object' || tokens === null) return tokens;
  return Object.fromEntries(
    Object.entries(tokens).map(([key, entry]) => {
      if (key === 'value' && typeof entry === 'object' && entry !== null && '_light' in entry) return [key, (entry as { _light: unknown })._light];
      return [key, lightOnly(entry)];
    }),
  ) as T;
}

// Chakra's default global CSS declares some thirty custom properties on every element (`*`): the inputs of its
// `filter`, `backdropFilter` and `ring` style props, which the app does not use, and the three variables its reset reads
// (fonts and border colour). The browser resolves each of them for every element whenever it calculates the page's
// styles, so here the reset's three are declared once on <html>, where every element inherits them, and the others not
// at all.
const { '*': everyElement, html: htmlCss, ...otherGlobalCss } = globalCss;
const resetVariables = Object.fromEntries(Object.entries(everyElement ?? {}).filter(([name]) => name.startsWith('--global-')));
const lighterGlobalCss: GlobalStyleObject = {
  ...otherGlobalCss,
  '*': { fontFeatureSettings: everyElement?.fontFeatureSettings },
  html: { ...htmlCss, ...resetVariables },
};

// Chakra's default theme (tokens, semantic tokens, global CSS, text/layer/animation styles, breakpoints,
// keyframes: the same values `defaultConfig` carries), but only the recipes of the components the app
// renders. `defaultConfig` pulls in all ~80 recipes and slot recipes (~25 KB gzip of the entry chunk).
// A Chakra component whose recipe is missing renders unstyled, so when you start using a new Chakra
// component, add its recipe here (its key is in node_modules/@chakra-ui/react/dist/esm/components/<name>,
// `createRecipeContext({ key })` / `createSlotRecipeContext({ key })`). Keys needed by components that
// render others: Button/IconButton/CloseButton → button + spinner, Checkbox → checkbox + checkmark,
// InputGroup → inputAddon, Field → field + icon.
const defaultThemeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: lighterGlobalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: usedPalettes(tokens.colors) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: usedPalettes(semanticTokens.colors) }),
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      code: codeRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      inputAddon: inputAddonRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
      icon: iconRecipe,
      checkmark: checkmarkRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      avatar: avatarSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      collapsible: collapsibleSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      tag: tagSlotRecipe,
      toast: toastSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});


/**
 * The semantic tokens that let a palette of our own serve `colorPalette` (Chakra's "Customization > Colors" guide),
 * from the palette's 50–700 shades. `solid` is the 600 shade: white text on it needs 4.5:1, which the 500 shade
 * (the brand's orange for icons and large marks) does not give.
 */
function paletteTokens(palette: 'brand' | 'accent') {
  const shade = (n: number) => ({ value: `{colors.${palette}.${n}}` });
  return {
    solid: shade(600),
    contrast: { value: 'white' },
    fg: shade(700),
    muted: shade(100),
    subtle: shade(50),
    emphasized: shade(200),
    focusRing: shade(500),
  };
}

// A calm Nordic blue for trust, a warm accent for calls to action, generous whitespace.
const config = defineConfig({
  // Style props take only the theme's tokens (the typecheck refuses an unknown one, which the browser would drop);
  // the types come from `npm run theme:types` (generated/theme-types/).
  strictTokens: true,
  globalCss: {
    'html, body': { bg: 'bg.subtle', color: 'fg', minHeight: '100%' },
    body: { fontFeatureSettings: '"tnum"' },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif" },
        body: { value: "'Inter', 'Segoe UI', system-ui, -apple-system, Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: '#eaf3fb' },
          100: { value: '#cfe2f4' },
          200: { value: '#a3c7ea' },
          300: { value: '#6fa6dc' },
          400: { value: '#3f84c9' },
          500: { value: '#1a67b0' },
          600: { value: '#0b4f8a' },
          700: { value: '#093f6e' },
          800: { value: '#082f52' },
          900: { value: '#061f37' },
          950: { value: '#03111f' },
        },
        accent: {
          50: { value: '#fff4ec' },
          100: { value: '#ffe3cf' },
          200: { value: '#ffc59e' },
          300: { value: '#ffa066' },
          400: { value: '#fb7d35' },
          500: { value: '#ea6316' },
          600: { value: '#c44d0c' },
          700: { value: '#9b3c0d' },
          800: { value: '#7c3211' },
          900: { value: '#652b11' },
          950: { value: '#371305' },
        },
      },
    },
    // WCAG AA (docs/decisions/011-accessibility.md): text at least 4.5:1 against the surfaces it sits on (white, bg.subtle,
    // bg.muted), white text on every `solid` at least 4.5:1, focus rings at least 3:1 and 2 px wide. Chakra's defaults
    // miss this for fg.subtle (gray.400, 2.6:1, also the placeholders), fg.error/success/warning and the solid green,
    // orange and teal (their 600 shade, 3.3–3.8:1 under white text); `npm run audit:web` checks it.
    semanticTokens: {
      colors: {
        fg: {
          subtle: { value: '#6b6b74' },
          error: { value: '{colors.red.600}' },
          warning: { value: '{colors.orange.700}' },
          success: { value: '{colors.green.700}' },
        },
        border: {
          error: { value: '{colors.red.600}' },
        },
        // Inputs, selects and other gray controls: the ring is the brand blue (5.8:1 on white), not gray.400.
        gray: { focusRing: { value: '{colors.brand.500}' } },
        green: { solid: { value: '{colors.green.700}' } },
        orange: { solid: { value: '{colors.orange.700}' } },
        teal: { solid: { value: '{colors.teal.700}' } },
        brand: paletteTokens('brand'),
        accent: paletteTokens('accent'),
      },
    },
  },
});

// Text fields and selects show a 2 px ring on keyboard focus (Chakra's 'inside' ring is 1 px); its colour is the
// palette's focusRing above.
const focusRings = defineConfig({
  theme: {
    recipes: {
      input: { base: { focusRingWidth: '2px' } },
      textarea: { base: { focusRingWidth: '2px' } },
    },
    slotRecipes: {
      nativeSelect: { slots: nativeSelectSlotRecipe.slots, base: { field: { focusRingWidth: '2px' } } },
    },
  },
});

/**
 * The theme's configurations, in order: the system is created from them in system.ts, and `createSystem` merges them
 * (a deep copy of each). Merged here as well, they were copied twice, the first time while the module loads.
 */
export const themeConfigs = [defaultBaseConfig, defaultThemeConfig, config, focusRings] as const;
