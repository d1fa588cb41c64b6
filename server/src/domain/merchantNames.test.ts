import { describe, expect, it } from 'vitest';
import { lookAlikeOf, nameLookAlikeKey } from './merchantNames';

describe('shop names that read alike', () => {
  const shops = [
    { id: 1, name: 'めぶくカフェ 本店' },
    { id: 2, name: 'Cafe Mebuku' },
  ];

  it('finds a name equal once width, case, spaces and look-alike characters are set aside', () => {
    expect(lookAlikeOf('めぶくカフェ本店', shops)?.id).toBe(1);
    expect(lookAlikeOf('めぶくカフェ　本店', shops)?.id).toBe(1);
    expect(lookAlikeOf('めぶく力フェ 本店', shops)?.id).toBe(1);
    expect(lookAlikeOf('ｃａｆｅ　ｍｅｂｕｋｕ', shops)?.id).toBe(2);
    // Cyrillic а and е in place of the Latin letters.
    expect(lookAlikeOf('Cаfе Mebuku', shops)?.id).toBe(2);
    expect(lookAlikeOf('CAFE・MEBUKU', shops)?.id).toBe(2);
  });

  it('tells names apart that only share words', () => {
    expect(lookAlikeOf('めぶくカフェ 駅前店', shops)).toBeUndefined();
    expect(lookAlikeOf('Cafe Mebuku 2', shops)).toBeUndefined();
    expect(nameLookAlikeKey('コーヒー')).toBe(nameLookAlikeKey('コ一ヒ一'));
  });
});
