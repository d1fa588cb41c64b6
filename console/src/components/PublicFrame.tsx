import { Box, Container, Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '@/i18n';

/** The frame of every signed-out page: the product name above one centred card. */
export function PublicFrame({ children, width = 440 }: { children: ReactNode; width?: number }) {
  const { t } = useTranslation();
  return (
    <Box mih="100vh" bg="gray.0" py={{ base: 'lg', sm: 64 }}>
      <Container size={width} px="md">
        <Text component="p" ta="center" fw={700} fz="lg" c="teal.9" mb="md">
          {t('common.appName')}
        </Text>
        <Paper component="main" withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }}>
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
