import { type CSSVariablesResolver, createTheme } from '@mantine/core';

const japaneseSans =
  "system-ui, -apple-system, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', 'Noto Sans CJK JP', Meiryo, sans-serif";

export const theme = createTheme({
  primaryColor: 'teal',
  // WCAG 2.2 AA: white text on teal.9 (#087f5b) is 5.0:1 and teal.9 text on white the same; the default
  // shade 6 (#12b886) was 2.55:1.
  primaryShade: 9,
  fontFamily: japaneseSans,
  headings: { fontFamily: japaneseSans },
  defaultRadius: 'md',
});

/**
 * Colours that reach 4.5:1: error text red.9 (#c92a2a, 5.4:1 on white; red.6 was 3.3:1), dimmed text
 * gray.7 (#495057, 8.2:1; gray.6 was 3.3:1) — group labels, hints, descriptions — and the light
 * variant (badges, the menu's active item) on teal.0 instead of teal.1, so its teal.9 text is 4.7:1.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-teal-light': 'var(--mantine-color-teal-0)',
    '--mantine-color-teal-light-hover': 'var(--mantine-color-teal-1)',
  },
  dark: {},
});
