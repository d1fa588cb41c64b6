import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A list cell of two lines: the value, and under it a detail, small and dimmed (a coin, a time). */
export function TwoLineCell({ main, sub }: { main: ReactNode; sub: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text span size="sm">
        {main}
      </Text>
      <Text span size="xs" c="dimmed">
        {sub}
      </Text>
    </Stack>
  );
}
