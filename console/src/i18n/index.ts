import { LANGUAGE } from '@coin/contract';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { jp } from './jp';

/** Initialise i18next once, synchronously, before the first render (never during render). */
export function initI18n(): typeof i18next {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      lng: LANGUAGE,
      fallbackLng: false,
      resources: { [LANGUAGE]: { translation: jp } },
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
    });
  }
  return i18next;
}

let pageStrings: Promise<void> | null = null;

/**
 * Adds the catalogue's second part (jpPages.ts), once. The first paint needs only part one; every
 * other page waits for this before it renders (router/pages.ts), and main.tsx prefetches it.
 */
export function loadPageStrings(): Promise<void> {
  pageStrings ??= import('./jpPages').then(
    ({ jpPages }) => {
      initI18n().addResourceBundle(LANGUAGE, 'translation', jpPages, true, true);
    },
    (error: unknown) => {
      pageStrings = null;
      throw error;
    },
  );
  return pageStrings;
}

export { i18next };
