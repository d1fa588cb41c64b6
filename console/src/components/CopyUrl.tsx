import { Button, Group, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from '@/i18n';

type Outcome = 'copied' | 'selected' | 'shareFailedCopied' | 'shareFailedSelected';

const OUTCOME_KEYS = {
  copied: 'common.copied',
  selected: 'common.copyFallback',
  shareFailedCopied: 'common.shareFailedCopied',
  shareFailedSelected: 'common.shareFailedSelected',
} as const satisfies Record<Outcome, string>;

/** Whether this browser opens a share sheet for the URL (a phone, some desktops): Web Share, and the URL allowed. */
export function canShareUrl(url: string, title?: string): boolean {
  if (typeof navigator === 'undefined' || typeof navigator.share !== 'function') return false;
  try {
    return navigator.canShare?.({ url, title }) ?? true;
  } catch {
    return false;
  }
}

const isCancel = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * Copies a URL (a payment link, the merchant's QR code) to the clipboard and says so. Where the clipboard cannot be written (an
 * insecure origin, a denied permission) it selects the URL shown in element `textId` instead and
 * asks for Ctrl+C. With `share`, where the browser has a share sheet for the URL, a 共有 button opens it
 * first: closing the sheet does nothing, and a share that fails copies instead and says why.
 */
export function CopyUrl({
  url,
  textId,
  label,
  text,
  share,
}: {
  url: string;
  /** The element showing the URL, selected where the clipboard is refused. */
  textId: string;
  /** The button's accessible name. */
  label: string;
  /** The button's visible text (コピー by default). */
  text?: string;
  /** Offers the share sheet: the title it shares with the URL, and the share button's accessible name. */
  share?: { title: string; label: string };
}) {
  const { t } = useTranslation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const sharing = share !== undefined && canShareUrl(url, share.title) ? share : null;

  useEffect(() => {
    if (!outcome) return;
    const timer = window.setTimeout(() => setOutcome(null), outcome === 'copied' ? 3000 : 10_000);
    return () => window.clearTimeout(timer);
  }, [outcome]);

  /** Writes the URL to the clipboard, or selects it on the page; true when it was written. */
  const copyOrSelect = async (): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(url);
      return true;
    } catch {
      const shown = document.getElementById(textId);
      const selection = window.getSelection();
      if (shown && selection) selection.selectAllChildren(shown);
      return false;
    }
  };

  const copy = async () => {
    setOutcome(null);
    setOutcome((await copyOrSelect()) ? 'copied' : 'selected');
  };

  const openShareSheet = async () => {
    setOutcome(null);
    try {
      // Called straight from the click: the browser opens the sheet only during the user's gesture.
      await navigator.share({ url, title: sharing?.title });
    } catch (error) {
      if (isCancel(error)) return;
      setOutcome((await copyOrSelect()) ? 'shareFailedCopied' : 'shareFailedSelected');
    }
  };

  return (
    <Group gap="xs" wrap="nowrap" align="center">
      {sharing && (
        <Button
          size="compact-xs"
          variant="light"
          aria-label={sharing.label}
          onClick={() => void openShareSheet()}
          style={{ flexShrink: 0 }}
        >
          {t('common.share')}
        </Button>
      )}
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
        {outcome && t(OUTCOME_KEYS[outcome])}
      </Text>
    </Group>
  );
}
