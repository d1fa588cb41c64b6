// @vitest-environment happy-dom
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { type DownloadedFile, receiveFile } from '@/api/download';
import { DownloadStatus, isEmptyCsv, saveReceived } from './FileDownload';
import { mount } from './formTesting';
import EmptyCsvDialog from './period/EmptyCsvDialog';

// The app's client needs a browser; these tests open no call.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(), open: vi.fn() } }));

const HEADER = '日時,種別,金額\r\n';

/** A streamed answer as the server sends a report: CSV with its header, under a file name. */
const csvAnswer = (body: string, type = 'text/csv; charset=UTF-8') =>
  new Response(body, {
    headers: { 'Content-Type': type, 'Content-Disposition': 'attachment; filename="histories_20250501-20250531.csv"' },
  });

const received = (response: Response): Promise<DownloadedFile> => receiveFile(response, { fallbackName: 'x.csv' });

describe('an empty period’s CSV', () => {
  it('is a CSV with its header only; a CSV with rows, or a PNG, is not', async () => {
    expect(isEmptyCsv(await received(csvAnswer(HEADER)))).toBe(true);
    expect(isEmptyCsv(await received(csvAnswer(HEADER, 'text/csv; charset=Shift_JIS')))).toBe(true);
    expect(isEmptyCsv(await received(csvAnswer(`${HEADER}2025/05/01 10:00,支払い,1000\r\n`)))).toBe(false);
    expect(isEmptyCsv(await received(csvAnswer('\x89PNG', 'image/png')))).toBe(false);
  });

  it('asks before saving, and saves nothing when the answer is no', async () => {
    const save = vi.fn();
    const ask = vi.fn(async () => false);
    const state = await saveReceived(await received(csvAnswer(HEADER)), save, ask);
    expect(ask).toHaveBeenCalledWith('histories_20250501-20250531.csv');
    expect(save).not.toHaveBeenCalled();
    expect(state).toEqual({ status: 'skipped' });
  });

  it('saves the empty file when the answer is yes', async () => {
    const save = vi.fn();
    const file = await received(csvAnswer(HEADER));
    const state = await saveReceived(file, save, async () => true);
    expect(save).toHaveBeenCalledWith(file);
    expect(state).toMatchObject({ status: 'done', fileName: 'histories_20250501-20250531.csv', rows: 0 });
  });

  it('saves a file with rows, or a file that is not CSV, without asking', async () => {
    const ask = vi.fn(async () => false);
    for (const response of [
      csvAnswer(`${HEADER}2025/05/01 10:00,支払い,1000\r\n`),
      csvAnswer('\x89PNG', 'image/png'),
    ]) {
      const save = vi.fn();
      const state = await saveReceived(await received(response), save, ask);
      expect(save).toHaveBeenCalledOnce();
      expect(state.status).toBe('done');
    }
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks in a dialog naming the file, with 保存しない first and focused', async () => {
    await mount(<EmptyCsvDialog fileName="histories_20250501-20250531.csv" onAnswer={() => {}} withinPortal={false} />);
    const dialog = screen.getByRole('dialog', { name: '該当するデータがありません' });
    expect(
      within(dialog).getByText(
        'この期間と条件に該当するデータはありません。見出し行だけの空のCSVファイル（histories_20250501-20250531.csv）を保存しますか？',
      ),
    ).toBeTruthy();
    const skip = within(dialog).getByRole('button', { name: '保存しない' });
    const save = within(dialog).getByRole('button', { name: '空のCSVを保存する' });
    const buttons = within(dialog).getAllByRole('button');
    expect(buttons.indexOf(skip)).toBeLessThan(buttons.indexOf(save));
    await waitFor(() => expect(document.activeElement).toBe(skip));
    expect(within(dialog).getByRole('button', { name: '閉じる' })).toBeTruthy();
  });

  it('says so when the empty file was not saved', async () => {
    await mount(<DownloadStatus state={{ status: 'skipped' }} onCancel={() => {}} />);
    expect(screen.getByText('該当するデータがないため、CSVファイルは保存しませんでした')).toBeTruthy();
    // Nothing to cancel or retry: the status is all it shows.
    expect(screen.queryByRole('button')).toBeNull();
  });
});
