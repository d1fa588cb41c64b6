// @vitest-environment happy-dom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CopyUrl, canShareUrl } from './CopyUrl';
import { mount } from './formTesting';

const URL_TEXT = 'https://pay.example.jp/l/abc123';

afterEach(() => {
  for (const name of ['share', 'canShare'] as const) delete (navigator as unknown as Record<string, unknown>)[name];
  vi.restoreAllMocks();
});

/** Gives the browser Web Share: `share` answers the share call, `canShare` whether the URL may be shared. */
function withShareSheet(share: (data: ShareData) => Promise<void>, canShare?: (data: ShareData) => boolean) {
  const shareMock = vi.fn(share);
  Object.defineProperty(navigator, 'share', { value: shareMock, configurable: true });
  if (canShare) Object.defineProperty(navigator, 'canShare', { value: canShare, configurable: true });
  return shareMock;
}

async function mountCopy() {
  await mount(
    <>
      <span id="link-url">{URL_TEXT}</span>
      <CopyUrl
        url={URL_TEXT}
        textId="link-url"
        label="「季節のケーキ」のURLをコピー"
        share={{ title: '季節のケーキ', label: '「季節のケーキ」のURLを共有' }}
      />
    </>,
  );
}

const buttonNamed = (name: string) => screen.queryByRole('button', { name });
const status = () => screen.getByRole('status').textContent;

/**
 * Clicks the button. Not through user-event: its setup puts a clipboard of its own in the navigator,
 * and these tests watch the browser's.
 */
async function press(button: HTMLElement | null) {
  if (!button) throw new Error('no such button');
  fireEvent.click(button);
  await act(async () => {});
}

describe('CopyUrl with a share sheet', () => {
  it('offers only copying where the browser has no share sheet', async () => {
    expect(canShareUrl(URL_TEXT)).toBe(false);
    await mountCopy();
    expect(buttonNamed('「季節のケーキ」のURLを共有')).toBeNull();
    expect(buttonNamed('「季節のケーキ」のURLをコピー')?.textContent).toBe('コピー');
  });

  it('offers 共有 beside コピー where it has one, and opens it with the URL and the title', async () => {
    const share = withShareSheet(async () => {});
    await mountCopy();
    const button = buttonNamed('「季節のケーキ」のURLを共有');
    expect(button?.textContent).toBe('共有');
    expect(buttonNamed('「季節のケーキ」のURLをコピー')).not.toBeNull();
    await press(button);
    expect(share).toHaveBeenCalledWith({ url: URL_TEXT, title: '季節のケーキ' });
    expect(status()).toBe('');
  });

  it('offers no 共有 where the browser would refuse the URL', async () => {
    withShareSheet(
      async () => {},
      () => false,
    );
    await mountCopy();
    expect(buttonNamed('「季節のケーキ」のURLを共有')).toBeNull();
  });

  it('says nothing and copies nothing when the user closes the sheet', async () => {
    withShareSheet(() => Promise.reject(new DOMException('Share canceled', 'AbortError')));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await mountCopy();
    await press(buttonNamed('「季節のケーキ」のURLを共有'));
    expect(writeText).not.toHaveBeenCalled();
    expect(status()).toBe('');
  });

  it('copies instead, and says so, when sharing fails', async () => {
    withShareSheet(() => Promise.reject(new DOMException('Not allowed', 'NotAllowedError')));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await mountCopy();
    await press(buttonNamed('「季節のケーキ」のURLを共有'));
    expect(writeText).toHaveBeenCalledWith(URL_TEXT);
    await waitFor(() => expect(status()).toBe('共有できなかったため、URLをコピーしました'));
  });

  it('selects the URL when neither sharing nor the clipboard works', async () => {
    withShareSheet(() => Promise.reject(new TypeError('bad data')));
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await mountCopy();
    await press(buttonNamed('「季節のケーキ」のURLを共有'));
    await waitFor(() =>
      expect(status()).toBe('共有できなかったため、URLを選択しました。Ctrl+C（Macは⌘C）でコピーしてください'),
    );
    expect(window.getSelection()?.toString()).toBe(URL_TEXT);
  });

  it('still copies as before', async () => {
    withShareSheet(async () => {});
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await mountCopy();
    await press(buttonNamed('「季節のケーキ」のURLをコピー'));
    expect(writeText).toHaveBeenCalledWith(URL_TEXT);
    await waitFor(() => expect(status()).toBe('コピーしました'));
  });
});
