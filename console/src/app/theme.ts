import { createTheme } from '@mantine/core';

const japaneseSans =
  "system-ui, -apple-system, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'Noto Sans JP', 'Noto Sans CJK JP', Meiryo, sans-serif";

export const theme = createTheme({
  primaryColor: 'teal',
  fontFamily: japaneseSans,
  headings: { fontFamily: japaneseSans },
  defaultRadius: 'md',
});
