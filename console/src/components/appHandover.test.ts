import { describe, expect, it } from 'vitest';
import { appUrl, handoverTargets, universalLinkUrl } from './appHandover';

describe('app hand-over address', () => {
  it.each([
    ['coinwallet://', 'merchant', '?merchant_id=1', 'coinwallet://merchant?merchant_id=1'],
    ['coinwallet', 'return_gift/tds2', '', 'coinwallet://return_gift/tds2'],
    ['coinwallet://', '', '', 'coinwallet://'],
    ['coinwallet://', 'start', 'a=1', 'coinwallet://start?a=1'],
  ])('%s + %s + %s → %s', (scheme, action, search, expected) => {
    expect(appUrl(scheme, action, search)).toBe(expected);
  });
});

describe('universal link', () => {
  it.each([
    ['https://app.example.com/', 'merchant', '?merchant_id=1', 'https://app.example.com/merchant?merchant_id=1'],
    ['https://app.example.com', 'rally/top', '', 'https://app.example.com/rally/top'],
    ['https://app.example.com/open/', '/start', 'a=1', 'https://app.example.com/open/start?a=1'],
    ['', 'merchant', '?merchant_id=1', ''],
  ])('%s + %s + %s → %s', (base, action, search, expected) => {
    expect(universalLinkUrl(base, action, search)).toBe(expected);
  });

  it('is the button where configured; the page still tries the custom scheme at once', () => {
    expect(
      handoverTargets({ scheme: 'coinwallet://', universalLinkBase: 'https://app.example.com/' }, 'coupon', '?c=9'),
    ).toEqual({ automatic: 'coinwallet://coupon?c=9', button: 'https://app.example.com/coupon?c=9' });
    expect(handoverTargets({ scheme: 'coinwallet://', universalLinkBase: '' }, 'coupon', '?c=9')).toEqual({
      automatic: 'coinwallet://coupon?c=9',
      button: 'coinwallet://coupon?c=9',
    });
  });
});
