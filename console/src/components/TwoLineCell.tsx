import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { keepValuesWhole } from './Value';

/** A list cell of two lines: the value, and under it a detail, small and dimmed (a coin, a time); values kept whole. */
export function TwoLineCell({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text span size="sm">
        {keepValuesWhole(main)}
      </Text>
      <Text span size="xs" c="dimmed">
        {keepValuesWhole(sub)}
      </Text>
    </Stack>
  );
}
