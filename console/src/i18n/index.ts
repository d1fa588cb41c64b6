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

export { i18next };
