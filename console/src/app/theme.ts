import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** Japanese system fonts first; the list is written once, in app/firstPaint.css. */
const japaneseSans = 'var(--app-font-family)';

export const theme = createTheme({
  primaryColor: 'teal',
  // WCAG 2.2 AA: white text on teal.9 (#087f5b) is 5.0:1 and teal.9 text on white the same; the default
  // shade 6 (#12b886) was 2.55:1.
  primaryShade: 9,
  fontFamily: japaneseSans,
  headings: { fontFamily: japaneseSans },
  defaultRadius: 'md',
});

/** A colour's darkest shade, darkened further: text and fills that reach 4.5:1 on light or white. */
const deep = (color: string) => `color-mix(in srgb, var(--mantine-color-${color}-9), black 30%)`;

/**
 * Colours that reach 4.5:1 (WCAG 2.2 AA): error text red.9 (#c92a2a, 5.4:1 on white; red.6 was 3.3:1),
 * dimmed text gray.7 (#495057, 8.2:1; gray.6 was 3.3:1) — group labels, hints, descriptions — and, for
 * every colour, the light variant (badges, the menu's active item) as deep text on shade 0, the outline
 * variant in deep, and filled fills in deep under white text (the primary teal.9 already reaches 5:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = (resolved) => {
  const light: Record<string, string> = {
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  };
  for (const color of Object.keys(resolved.colors)) {
    light[`--mantine-color-${color}-light`] = `var(--mantine-color-${color}-0)`;
    light[`--mantine-color-${color}-light-hover`] = `var(--mantine-color-${color}-1)`;
    light[`--mantine-color-${color}-light-color`] = deep(color);
    light[`--mantine-color-${color}-outline`] = deep(color);
    if (color !== resolved.primaryColor) {
      light[`--mantine-color-${color}-filled`] = deep(color);
      light[`--mantine-color-${color}-filled-hover`] = `color-mix(in srgb, var(--mantine-color-${color}-9), black 45%)`;
    }
  }
  return { variables: {}, light, dark: {} };
};
