import { TextInput, type TextInputProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { caretAfterRewrite } from './typedNumber';

interface RewritingInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'onCompositionEnd'> {
  value: string;
  onValueChange: (value: string) => void;
  /** Rewrites the text as it is typed: full-width digits, separators. */
  rewrite: (typed: string) => string;
  /** Characters the rewrite adds or drops; the caret keeps its place among the others. */
  ignorable: (char: string) => boolean;
}

/**
 * A text input whose text is rewritten as it is typed, keeping the caret where it was. An IME
 * composition is left alone until it ends: rewriting it midway would break the conversion.
 */
export function RewritingInput({ value, onValueChange, rewrite, ignorable, ...props }: RewritingInputProps) {
  const ref = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    const input = ref.current;
    if (input && caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret);
  });

  const apply = (input: HTMLInputElement) => {
    const typed = input.value;
    const shown = rewrite(typed);
    pendingCaret.current = caretAfterRewrite(typed, input.selectionStart ?? typed.length, shown, ignorable);
    onValueChange(shown);
  };

  return (
    <TextInput
      {...props}
      ref={ref}
      value={value}
      onChange={(event) => {
        if ((event.nativeEvent as InputEvent).isComposing) {
          pendingCaret.current = null;
          onValueChange(event.currentTarget.value);
          return;
        }
        apply(event.currentTarget);
      }}
      onCompositionEnd={(event) => apply(event.currentTarget)}
    />
  );
}
