import { BANK_HOLDER_NAME_MAX } from '@coin/contract';
import { TextInput } from '@mantine/core';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '@/i18n';
import { DESCRIPTION_BELOW } from './bankAccountForm';
import { type HolderNameEvent, holderNameLength, holderNameProblem, holderNameStep } from './holderName';

interface HolderNameInputProps {
  id: string;
  value: string;
  onValueChange: (value: string) => void;
  /** The form's own problem (empty on submit, a refusal of the server); else the name's as typed. */
  error?: string | undefined;
}

/**
 * The account holder name: what is typed shows as Zengin half-width katakana (ﾔﾏﾀﾞ ﾀﾛｳ) once each IME
 * composition ends, or as typed outside one, and on leaving the field; its problems show at once.
 */
export function HolderNameInput({ id, value, onValueChange, error }: HolderNameInputProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  // The flag the events read (a ref: the next event may come before a re-render) and the one the view shows.
  const composingRef = useRef(false);
  const [composing, setComposing] = useState(false);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    const input = ref.current;
    if (input && caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret);
  });

  const handle = (event: HolderNameEvent) => {
    const next = holderNameStep({ value, composing: composingRef.current, caret: null }, event);
    composingRef.current = next.composing;
    setComposing(next.composing);
    if (next.value === value) return;
    pendingCaret.current = next.caret;
    onValueChange(next.value);
  };

  // Mid-composition the text holds the IME's candidates (kanji, say): judged once it is committed.
  const shownError = error ?? (composing ? null : holderNameProblem(value));

  return (
    <TextInput
      ref={ref}
      id={id}
      label={t('bankAccount.fields.holderName')}
      description={t('bankAccount.fields.holderNameHint', {
        length: holderNameLength(value),
        max: BANK_HOLDER_NAME_MAX,
      })}
      placeholder={t('bankAccount.fields.holderNamePlaceholder')}
      value={value}
      onCompositionStart={() => handle({ type: 'compositionstart' })}
      onChange={(event) =>
        handle({
          type: 'input',
          value: event.currentTarget.value,
          caret: event.currentTarget.selectionStart,
          isComposing: (event.nativeEvent as InputEvent).isComposing === true,
        })
      }
      onCompositionEnd={(event) =>
        handle({ type: 'compositionend', value: event.currentTarget.value, caret: event.currentTarget.selectionStart })
      }
      onBlur={() => handle({ type: 'blur' })}
      error={shownError}
      inputWrapperOrder={DESCRIPTION_BELOW}
      autoComplete="off"
      spellCheck={false}
      required
      maw={560}
    />
  );
}
