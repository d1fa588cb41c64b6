import { describe, expect, it } from 'vitest';
import { parseRuntimeConfig } from './runtimeConfig';
import { runtimeConfigSchema } from './schemas';

const good = {
  apiBaseUrl: '/api',
  noticeUrl: '/api/notices',
  passwordMinLength: 8,
  notificationMs: 5000,
  requestTimeoutMs: 60_000,
  appHandover: {
    scheme: 'coinapp://',
    universalLinkBase: 'https://app.example.jp/',
    iosStoreUrl: 'https://apps.apple.com/app/id0',
    androidStoreUrl: 'https://play.google.com/store/apps/details?id=jp.example',
  },
};
type Config = typeof good;

const withField = (key: keyof Config, value: unknown) => ({ ...good, [key]: value });
const withHandover = (key: keyof Config['appHandover'], value: unknown) => ({
  ...good,
  appHandover: { ...good.appHandover, [key]: value },
});
const without = (key: keyof Config) => {
  const { [key]: _dropped, ...rest } = good;
  return rest;
};

const accepted: [string, unknown][] = [
  ['the served configuration', good],
  ['empty strings', { ...withField('apiBaseUrl', ''), noticeUrl: '' }],
  ['the smallest values', { ...withField('passwordMinLength', 1), notificationMs: 1, requestTimeoutMs: 1 }],
  ['the largest safe integer', withField('requestTimeoutMs', Number.MAX_SAFE_INTEGER)],
  ['unknown fields (dropped)', { ...good, extra: true, appHandover: { ...good.appHandover, extra: 1 } }],
];

const rejected: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['a string', 'config'],
  ['an array', [good]],
  ['an empty object', {}],
  ...(Object.keys(good) as (keyof Config)[]).map((key): [string, unknown] => [`no ${key}`, without(key)]),
  ['a numeric apiBaseUrl', withField('apiBaseUrl', 1)],
  ['a null noticeUrl', withField('noticeUrl', null)],
  ['passwordMinLength 0', withField('passwordMinLength', 0)],
  ['a negative passwordMinLength', withField('passwordMinLength', -8)],
  ['a fractional passwordMinLength', withField('passwordMinLength', 8.5)],
  ['a string passwordMinLength', withField('passwordMinLength', '8')],
  ['notificationMs 0', withField('notificationMs', 0)],
  ['NaN notificationMs', withField('notificationMs', Number.NaN)],
  ['infinite requestTimeoutMs', withField('requestTimeoutMs', Number.POSITIVE_INFINITY)],
  ['an unsafe integer requestTimeoutMs', withField('requestTimeoutMs', 2 ** 53)],
  ['a boolean requestTimeoutMs', withField('requestTimeoutMs', true)],
  ['appHandover as a string', withField('appHandover', 'coinapp://')],
  ['appHandover as an array', withField('appHandover', [])],
  ['appHandover null', withField('appHandover', null)],
  ...(Object.keys(good.appHandover) as (keyof Config['appHandover'])[]).flatMap((key): [string, unknown][] => [
    [`appHandover.${key} missing`, withHandover(key, undefined)],
    [`appHandover.${key} a number`, withHandover(key, 1)],
  ]),
];

const parseWithHandCheck = (input: unknown) => {
  try {
    return { success: true as const, data: parseRuntimeConfig(input) };
  } catch {
    return { success: false as const };
  }
};

describe('parseRuntimeConfig agrees with runtimeConfigSchema', () => {
  it.each(accepted)('accepts %s with the same result', (_, input) => {
    const expected = runtimeConfigSchema.safeParse(input);
    expect(expected.success).toBe(true);
    expect(parseWithHandCheck(input)).toEqual({ success: true, data: expected.data });
  });

  it.each(rejected)('rejects %s', (_, input) => {
    expect(runtimeConfigSchema.safeParse(input).success).toBe(false);
    expect(parseWithHandCheck(input).success).toBe(false);
  });

  it('names the offending field', () => {
    expect(() => parseRuntimeConfig(withHandover('scheme', 1))).toThrow(/appHandover\.scheme/);
    expect(() => parseRuntimeConfig(withField('notificationMs', 0))).toThrow(/notificationMs/);
  });
});
