/**
 * The console's strings: one language (`jp`), looked up by dotted key with `{{name}}` placeholders.
 * That is all the interface needs, so it is done here in a few lines rather than with i18next and
 * react-i18next, which cost 17 KB (gzip) of the login page's first load (issue 14, DESIGN §11).
 * Keys are typed from the catalogue: an unknown key, or a template whose values are not all keys,
 * does not compile.
 */
import { type Catalogue, jp } from './jp';

type Tree = { readonly [key: string]: string | Tree };

/** Every dotted path to a string of a catalogue tree. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];

export type TranslationKey = Leaves<Catalogue>;
/** Values for a string's `{{name}}` placeholders. */
export type TranslationValues = Readonly<Record<string, unknown>>;
export type TFunction = (key: TranslationKey, values?: TranslationValues) => string;

const strings = new Map<string, string>();

function addTree(tree: Tree, prefix: string): void {
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') strings.set(`${prefix}${key}`, value);
    else addTree(value, `${prefix}${key}.`);
  }
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * The string of a key with its placeholders filled. A key not loaded yet (or a template that names no
 * string) gives the key itself, visible but harmless; a placeholder without a value stays as written.
 */
export const t: TFunction = (key, values) => {
  const text = strings.get(key);
  if (text === undefined) return key;
  if (!values) return text;
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(values, name) ? String(values[name]) : whole,
  );
};

const translation = { t } as const;

/**
 * The components' way to the strings. The language never changes at run time and every page waits
 * for its part of the catalogue before it renders (router/pages.ts), so nothing has to re-render.
 */
export function useTranslation(): typeof translation {
  return translation;
}

let initialized = false;

/** Loads the catalogue's first part, once, before the first render. */
export function initI18n(): void {
  if (initialized) return;
  addTree(jp, '');
  initialized = true;
}

let pageStrings: Promise<void> | null = null;

/**
 * Adds the catalogue's second part (jpPages.ts), once. The first paint needs only part one; every
 * other page waits for this before it renders (router/pages.ts), and main.tsx prefetches it.
 */
export function loadPageStrings(): Promise<void> {
  pageStrings ??= import('./jpPages').then(
    ({ jpPages }) => {
      initI18n();
      addTree(jpPages, '');
    },
    (error: unknown) => {
      pageStrings = null;
      throw error;
    },
  );
  return pageStrings;
}
