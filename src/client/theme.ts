import { createSystem, defaultConfig, defineConfig } from '@chakra-ui/react';

// A calm Nordic blue for trust, a warm accent for calls to action, generous whitespace.
const config = defineConfig({
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
    semanticTokens: {
      colors: {
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
        accent: {
          solid: { value: '{colors.accent.500}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.accent.700}' },
          muted: { value: '{colors.accent.100}' },
          subtle: { value: '{colors.accent.50}' },
          emphasized: { value: '{colors.accent.200}' },
          focusRing: { value: '{colors.accent.500}' },
        },
      },
    },
  },
});

export const system = createSystem(defaultConfig, config);
