import { BANK_HOLDER_NAME_MAX, toZenginKana, ZENGIN_NAME_MESSAGES, zenginInvalidChars } from '@coin/contract';

/*
 * The account holder name is converted to Zengin half-width katakana as it is typed, but never in the
 * middle of an IME composition: rewriting the text the IME is still converting would break it.
 */

export interface HolderNameState {
  value: string;
  /** An IME composition is in progress (between compositionstart and compositionend). */
  composing: boolean;
  /** Where the caret goes after a conversion; null to leave it. */
  caret: number | null;
}

export type HolderNameEvent =
  | { type: 'compositionstart' }
  | { type: 'input'; value: string; caret: number | null; isComposing: boolean }
  | { type: 'compositionend'; value: string; caret: number | null }
  | { type: 'blur' };

/** The name converted, the caret after the converted text that stood before it (ガ → ｶﾞ moves it by two). */
function converted(typed: string, caret: number | null): Pick<HolderNameState, 'value' | 'caret'> {
  return { value: toZenginKana(typed), caret: caret === null ? null : toZenginKana(typed.slice(0, caret)).length };
}

/** The input's next state after one of its events. */
export function holderNameStep(state: HolderNameState, event: HolderNameEvent): HolderNameState {
  switch (event.type) {
    case 'compositionstart':
      return { ...state, composing: true, caret: null };
    case 'input':
      // Some browsers send the composition's last input without isComposing: the composition flag decides.
      if (state.composing || event.isComposing) return { value: event.value, composing: true, caret: null };
      return { ...converted(event.value, event.caret), composing: false };
    case 'compositionend':
      return { ...converted(event.value, event.caret), composing: false };
    case 'blur':
      return { value: toZenginKana(state.value), composing: false, caret: null };
  }
}

/** The length the Zengin limit counts: characters of the converted name (ｶﾞ is two). */
export const holderNameLength = (name: string): number => [...toZenginKana(name).trim()].length;

/**
 * What is wrong with the name as typed so far, with the contract's messages (the server's own): too
 * long, or characters Zengin cannot carry. An empty name is the form's to report, on submit.
 */
export function holderNameProblem(name: string): string | null {
  const zengin = toZenginKana(name).trim();
  if ([...zengin].length > BANK_HOLDER_NAME_MAX) return ZENGIN_NAME_MESSAGES.tooLong(BANK_HOLDER_NAME_MAX);
  const invalid = zenginInvalidChars(zengin);
  return invalid.length > 0 ? ZENGIN_NAME_MESSAGES.invalid(invalid) : null;
}
