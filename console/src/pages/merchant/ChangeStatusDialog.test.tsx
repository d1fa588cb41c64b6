// @vitest-environment happy-dom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { merchantKeys } from '@/api/merchants';
import { formQueryClient, mount } from '@/components/formTesting';
import ChangeStatusDialog from './ChangeStatusDialog';

// The app's client needs a browser: the dialog's data is put in the cache, its calls never answer.
vi.mock('@/api/instance', () => ({ api: { call: vi.fn(() => new Promise(() => {})), open: vi.fn() } }));
vi.mock('@/session', () => import('@/components/pageTesting').then((testing) => testing.testSession));

const withAccount = (registered: boolean) => {
  const client = formQueryClient();
  client.setQueryData(merchantKeys.setupProgress(4), {
    steps: [
      { step: 'profile', done: true },
      { step: 'images', done: false },
      { step: 'bank_account', done: registered },
      { step: 'qr_poster', done: false },
    ],
    complete: false,
  });
  return client;
};

describe('opening for business', () => {
  it('warns first when no payout bank account is registered', async () => {
    await mount(<ChangeStatusDialog merchantId={4} status="OPEN" onClose={() => {}} />, withAccount(false));
    await screen.findByRole('dialog', { name: '営業を再開しますか？' });
    expect(screen.getByText('振込先口座が登録されていません', { exact: false })).toBeTruthy();
    expect(screen.getByText('振込先口座を登録するまで売上は出金されません', { exact: false })).toBeTruthy();
  });

  it('says nothing of the account when one is registered', async () => {
    await mount(<ChangeStatusDialog merchantId={4} status="OPEN" onClose={() => {}} />, withAccount(true));
    await screen.findByRole('dialog', { name: '営業を再開しますか？' });
    expect(screen.queryByText('振込先口座が登録されていません', { exact: false })).toBeNull();
  });
});
