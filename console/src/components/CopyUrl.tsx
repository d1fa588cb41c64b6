import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';

type Outcome = 'copied' | 'selected';

/**
 * Copies a URL (a payment link, the merchant's QR code) to the clipboard and says so. Where the clipboard cannot be written (an
 * insecure origin, a denied permission) it selects the URL shown in element `textId` instead and
 * asks for Ctrl+C.
 */
export function CopyUrl({
  url,
  textId,
  label,
  text,
}: {
  url: string;
  /** The element showing the URL, selected where the clipboard is refused. */
  textId: string;
  /** The button's accessible name. */
  label: string;
  /** The button's visible text (コピー by default). */
  text?: string;
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), outcome === 'copied' ? 3000 : 10_000);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    setOutcome(null);
    try {
      await navigator.clipboard.writeText(url);
      setOutcome('copied');
    } catch {
      const text = document.getElementById(textId);
      const selection = window.getSelection();
      if (text && selection) selection.selectAllChildren(text);
      setOutcome('selected');
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" align="center">
      <Button
        size="compact-xs"
        variant="light"
        aria-label={label}
        onClick={() => void copy()}
        style={{ flexShrink: 0 }}
      >
        {text ?? t('common.copy')}
      </Button>
      <Text
        size="xs"
        role="status"
        c={outcome === 'copied' ? 'teal.9' : 'orange.9'}
        fw={outcome === 'copied' ? 700 : 400}
      >
        {outcome === 'copied' && t('common.copied')}
        {outcome === 'selected' && t('common.copyFallback')}
      </Text>
    </Group>
  );
}
