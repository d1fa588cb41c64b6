import { Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { saveFile } from '@/api/download';
import { useFocusOnMount } from '@/components/useFocusOnMount';
import { useTranslation } from '@/i18n';
import { recoveryCodesFile } from './twoStepView';

/**
 * The recovery codes, shown once (the server keeps only their hashes): copy them or save them as a
 * text file, and say they are kept before the panel closes.
 */
export function RecoveryCodesPanel({ codes, onClose }: { codes: readonly string[]; onClose: () => void }) {
  const { t } = useTranslation();
  const headingId = useId();
  const listId = useId();
  const headingRef = useFocusOnMount<HTMLHeadingElement>();
  const [stored, setStored] = useState(false);
  const [copy, setCopy] = useState<'copied' | 'copyFailed' | null>(null);

  async function copyCodes() {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      setCopy('copied');
    } catch {
      // An insecure origin or a denied permission: the codes are selected for Ctrl+C instead.
      const list = document.getElementById(listId);
      if (list) window.getSelection()?.selectAllChildren(list);
      setCopy('copyFailed');
    }
  }

  function download() {
    const text = recoveryCodesFile(t('twoStep.recovery.fileHeading'), codes);
    saveFile({
      blob: new Blob([text], { type: 'text/plain;charset=utf-8' }),
      fileName: t('twoStep.recovery.fileName'),
    });
  }

  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={headingId} ref={headingRef} tabIndex={-1}>
          {t('twoStep.recovery.shownTitle')}
        </Title>
        <Text size="sm">{t('twoStep.recovery.shownLead')}</Text>
        <SimpleGrid
          component="ol"
          id={listId}
          cols={2}
          spacing="xs"
          verticalSpacing={4}
          aria-label={t('twoStep.recovery.listLabel')}
          style={{ listStyle: 'none', padding: 0, margin: 0, fontFamily: 'var(--mantine-font-family-monospace)' }}
        >
          {codes.map((code) => (
            <Text component="li" key={code} size="md" fw={600} style={{ letterSpacing: '0.05em' }}>
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <Group gap="sm">
          <Button variant="light" onClick={() => void copyCodes()}>
            {t('twoStep.recovery.copy')}
          </Button>
          <Button variant="light" onClick={download}>
            {t('twoStep.recovery.download')}
          </Button>
          <Text size="sm" c={copy === 'copyFailed' ? 'red.8' : 'teal.8'} role="status">
            {copy ? t(`twoStep.recovery.${copy}`) : ''}
          </Text>
        </Group>
        <Checkbox
          label={t('twoStep.recovery.stored')}
          checked={stored}
          onChange={(event) => setStored(event.currentTarget.checked)}
        />
        <Button onClick={onClose} disabled={!stored} style={{ alignSelf: 'flex-start' }}>
          {t('twoStep.recovery.close')}
        </Button>
      </Stack>
    </Paper>
  );
}
