import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/VisuallyHidden.css';
import { ZENGIN_SEARCH_QUERY_MAX, type ZenginEntry, type ZenginSearchAnswer } from '@coin/contract';
import { Combobox, TextInput, useCombobox, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type QueryFunctionContext, type QueryKey, skipToken, useQuery } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useRef } from 'react';
import { caretAfterRewrite, isAmountSeparator } from '@/components/typedNumber';
import { type TFunction, useTranslation } from '@/i18n';
import { DESCRIPTION_BELOW } from './bankAccountForm';
import { entryOf, isSameList, type PickerList, pickerListOf, pickerTyping, searchTermOf } from './zenginPicker';

/** A search waits for the typing to pause this long: one request for a word, not one per letter. */
const SEARCH_DELAY_MS = 200;

/**
 * The search of the list for a term: the query options of `zenginQueries.bankSearch` or `branchSearch`
 * (their other options, such as how long an answer stays fresh, come along as they are).
 */
export interface ZenginSearchOptions {
  queryKey: QueryKey;
  // A method, so that options keyed by a narrower key fit.
  queryFn?(context: QueryFunctionContext): ZenginSearchAnswer | Promise<ZenginSearchAnswer>;
}

const NO_SEARCH: ZenginSearchOptions = { queryKey: ['zengin', 'noSearch'], queryFn: undefined };

interface ZenginPickerProps {
  id: string;
  label: string;
  /** Under the input: the name of the code typed, or how to use the field. */
  description: ReactNode;
  placeholder: string;
  error?: string | undefined;
  /** A code, or the text being searched with. */
  value: string;
  onValueChange: (value: string) => void;
  /** An entry was chosen from the list (its code goes into the input). */
  onPick: (entry: ZenginEntry) => void;
  /** Digits of a complete code, which is looked up rather than searched. */
  digits: number;
  /** The search for a term; null when there is nothing to search in yet. */
  searchOf: ((term: string) => ZenginSearchOptions) | null;
  texts: {
    /** The list found nothing. */
    none: string;
    /** Why there is nothing to search in yet (when `searchOf` may be null). */
    unavailable?: string;
  };
  w: number;
}

/**
 * A Zengin code field that also finds entries by name: typing a code works as before, typing a name
 * (漢字, かな, カナ, romaji) or the first digits of a code lists matches as 「群馬銀行（0128）」, and choosing
 * one (click, or arrows and Enter) puts its code in the input. An ARIA combobox: the list is announced
 * with its count, and Escape closes it.
 */
export function ZenginPicker({
  id,
  label,
  description,
  placeholder,
  error,
  value,
  onValueChange,
  onPick,
  digits,
  searchOf,
  texts,
  w,
}: ZenginPickerProps) {
  const { t } = useTranslation();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const inputRef = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  const term = searchTermOf(value, digits);
  const [searchedTerm] = useDebouncedValue(term, SEARCH_DELAY_MS);
  const search = searchedTerm !== null && searchOf ? searchOf(searchedTerm) : NO_SEARCH;
  const query = useQuery({
    ...search,
    queryFn: search.queryFn ?? skipToken,
    // The list of the previous text stays while the next one is searched (not another bank's branches).
    placeholderData: (previous, previousQuery) =>
      previousQuery && isSameList(previousQuery.queryKey, search.queryKey) ? previous : undefined,
  });
  const list = pickerListOf(term, searchOf !== null, query);

  useLayoutEffect(() => {
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    const input = inputRef.current;
    if (input && caret !== null && document.activeElement === input) input.setSelectionRange(caret, caret);
  });

  const change = (input: HTMLInputElement, composing: boolean) => {
    const typed = input.value;
    // Mid-composition the text is the IME's: rewritten once it is committed.
    const shown = composing ? typed : pickerTyping(typed);
    pendingCaret.current = composing
      ? null
      : caretAfterRewrite(typed, input.selectionStart ?? typed.length, shown, isAmountSeparator);
    onValueChange(shown);
    if (searchTermOf(shown, digits) === null) combobox.closeDropdown();
    else combobox.openDropdown();
  };

  const pick = (code: string) => {
    const entry = entryOf(list, code);
    if (entry) onPick(entry);
    combobox.closeDropdown();
  };

  const labelId = `${id}-label`;
  const opened = combobox.dropdownOpened && list.state !== 'closed';
  return (
    <Combobox store={combobox} onOptionSubmit={pick}>
      <Combobox.Target withExpandedAttribute>
        <TextInput
          ref={inputRef}
          id={id}
          label={label}
          description={description}
          placeholder={placeholder}
          error={error}
          value={value}
          onChange={(event) => change(event.currentTarget, (event.nativeEvent as InputEvent).isComposing === true)}
          onCompositionEnd={(event) => change(event.currentTarget, false)}
          onClick={() => {
            if (term !== null) combobox.openDropdown();
          }}
          onBlur={() => combobox.closeDropdown()}
          inputWrapperOrder={DESCRIPTION_BELOW}
          maxLength={ZENGIN_SEARCH_QUERY_MAX}
          spellCheck={false}
          required
          w={w}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!opened}>
        <Combobox.Options labelledBy={labelId} mah={320} style={{ overflowY: 'auto' }}>
          {list.state === 'found' ? (
            list.entries.map((entry) => (
              <Combobox.Option key={entry.code} value={entry.code}>
                {t('bankAccount.nameWithCode', { name: entry.name, code: entry.code })}
              </Combobox.Option>
            ))
          ) : (
            <Combobox.Empty>{emptyText(list, texts, t)}</Combobox.Empty>
          )}
        </Combobox.Options>
        {list.state === 'found' && list.more && (
          <Combobox.Footer>{t('bankAccount.picker.more', { count: list.entries.length })}</Combobox.Footer>
        )}
      </Combobox.Dropdown>
      <VisuallyHidden role="status">{opened ? announcement(list, texts, t) : ''}</VisuallyHidden>
    </Combobox>
  );
}

/** What the list says when it has no entries to offer. */
function emptyText(list: PickerList, texts: ZenginPickerProps['texts'], t: TFunction): string {
  switch (list.state) {
    case 'unavailable':
      return texts.unavailable ?? '';
    case 'failed':
      return t('bankAccount.picker.failed');
    case 'none':
      return texts.none;
    default:
      return t('bankAccount.picker.searching');
  }
}

/** What a screen reader hears when the list changes (the options themselves are read as they are chosen). */
function announcement(list: PickerList, texts: ZenginPickerProps['texts'], t: TFunction): string {
  if (list.state === 'found') return t('bankAccount.picker.found', { count: list.entries.length });
  return list.state === 'searching' || list.state === 'closed' ? '' : emptyText(list, texts, t);
}
