import type { Role } from '@coin/contract';
import { describe, expect, it, vi } from 'vitest';
import { initI18n, loadPageStrings, t } from '@/i18n';
import { createRedirectNotices, guardBeforeLoad, type RedirectNotice, redirectNoticeFor } from '@/router/guard';
import { roleRefusedNotification, switchedNotification } from './redirectNotice';

const signedIn = (role: Role) => ({
  snapshot: () => ({ initialized: true, role }),
  initialize: () => Promise.resolve(),
});
const at = (pathname: string) => ({ pathname, hostname: 'localhost', query: {} });

describe('redirect notices of the guard', () => {
  it('a page the role may not open redirects to Top as before, and reports why', async () => {
    const report = vi.fn<(notice: RedirectNotice) => void>();
    await expect(guardBeforeLoad(at('/merchant/user'), signedIn('Member'), { report })).rejects.toMatchObject({
      options: { href: '/top' },
    });
    expect(report).toHaveBeenCalledWith({ reason: 'role', page: 'MerchantUser' });
  });

  it('reports nothing for an allowed page, the root, Login while signed in, or a failed sign-in', async () => {
    const report = vi.fn();
    await expect(guardBeforeLoad(at('/merchant/user'), signedIn('Owner'), { report })).resolves.toEqual({
      special: null,
    });
    await expect(guardBeforeLoad(at('/'), signedIn('Member'), { report })).rejects.toBeDefined();
    await expect(guardBeforeLoad(at('/login'), signedIn('Member'), { report })).rejects.toBeDefined();
    const signedOut = {
      snapshot: () => ({ initialized: false, role: 'Member' as const }),
      initialize: () => Promise.reject(new Error('no credentials')),
    };
    await expect(guardBeforeLoad(at('/transaction'), signedOut, { report })).rejects.toBeDefined();
    expect(report).not.toHaveBeenCalled();
    expect(redirectNoticeFor('/top', { type: 'allow' }, true)).toBeNull();
  });

  it('keeps a notice until the shell listens, and holds it for a merchant switch', () => {
    const notices = createRedirectNotices();
    const shown: RedirectNotice[] = [];
    notices.report({ reason: 'role', page: 'RequestRefund' });
    const stop = notices.listen((notice) => shown.push(notice));
    expect(shown).toEqual([{ reason: 'role', page: 'RequestRefund' }]);

    notices.hold();
    notices.report({ reason: 'role', page: 'MerchantUser' });
    expect(shown).toHaveLength(1);
    expect(notices.release()).toEqual({ reason: 'role', page: 'MerchantUser' });
    expect(notices.release()).toBeNull();

    stop();
    notices.report({ reason: 'role', page: 'Merchant' });
    expect(shown).toHaveLength(1);
  });
});

describe('notification texts', () => {
  it('say in Japanese why the page changed and which merchant is current', async () => {
    initI18n();
    await loadPageStrings();
    const notice: RedirectNotice = { reason: 'role', page: 'MerchantUser' };
    expect(roleRefusedNotification(t, notice, 'メンバー')).toMatchObject({
      title: 'トップに移動しました',
      message: '現在の権限（メンバー）では「加盟店ユーザー」を開けません。',
    });
    expect(switchedNotification(t, 'まちのパン屋', 'メンバー', notice)).toMatchObject({
      title: 'まちのパン屋に切り替えました',
      message: 'この加盟店での権限（メンバー）では「加盟店ユーザー」を開けないため、トップに移動しました。',
    });
    expect(switchedNotification(t, 'めぶくカフェ 本店', 'オーナー', null).message).toBe('この加盟店での権限：オーナー');
  });
});
