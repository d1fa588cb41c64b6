import { describe, expect, it } from 'vitest';
import { MERCHANT_NAME_MAX, unsafeNameChar } from './merchantConstants';
import { MERCHANT_NAME_MESSAGES, merchantNameSchema } from './merchantSettings';

const parse = (name: string) => merchantNameSchema.safeParse(name);
const messageOf = (name: string) => {
  const result = parse(name);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('merchant names', () => {
  it('keeps ordinary names, trimmed, with ASCII and ideographic spaces inside', () => {
    expect(parse('  めぶく商店　駅前店 ').data).toBe('めぶく商店　駅前店');
    expect(parse('Café Ümit & Co. 🍜').data).toBe('Café Ümit & Co. 🍜');
    expect(parse('髙橋商店').data).toBe('髙橋商店');
  });

  it.each([
    ['a line break', 'めぶく\n商店', 'U+000A'],
    ['a tab', 'めぶく\t商店', 'U+0009'],
    ['a right-to-left override', 'めぶく\u202E店商', 'U+202E'],
    ['a direction isolate', '\u2067めぶく商店', 'U+2067'],
    ['a zero-width space', 'めぶく\u200B商店', 'U+200B'],
    ['a zero-width joiner', 'めぶく\u200D商店', 'U+200D'],
    ['a soft hyphen', 'めぶく\u00AD商店', 'U+00AD'],
    ['a no-break space inside', 'めぶく\u00A0商店', 'U+00A0'],
    ['a Hangul filler', 'めぶく商店\u3164', 'U+3164'],
    ['a line separator', 'めぶく\u2028商店', 'U+2028'],
  ])('refuses %s and names the character', (_, name, code) => {
    expect(unsafeNameChar(name)).toBe(code);
    expect(messageOf(name)).toBe(MERCHANT_NAME_MESSAGES.unsafe(code));
  });

  it('refuses a name of nothing visible', () => {
    expect(messageOf('   　')).toBe(MERCHANT_NAME_MESSAGES.required);
    expect(messageOf('\u200B\u200B')).toBe(MERCHANT_NAME_MESSAGES.unsafe('U+200B'));
    expect(messageOf('\u2800')).toBe(MERCHANT_NAME_MESSAGES.unsafe('U+2800'));
  });

  it('takes names up to the maximum length', () => {
    expect(parse('あ'.repeat(MERCHANT_NAME_MAX)).success).toBe(true);
    expect(messageOf('あ'.repeat(MERCHANT_NAME_MAX + 1))).toBe(MERCHANT_NAME_MESSAGES.tooLong);
  });
});
