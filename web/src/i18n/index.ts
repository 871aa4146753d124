import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../locales/en.json';
import { DEFAULT_LANGUAGE, getStoredLanguage, isLanguageCode, languageOf, storeLanguage, type LanguageCode } from './languages';

export type Messages = typeof en;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Messages };
  }
}

/**
 * English ships inside the entry chunk: it is the default and the fallback for any key a
 * translation lacks. Every other language is its own chunk, fetched only when chosen.
 */
const loaders: Record<Exclude<LanguageCode, 'en'>, () => Promise<{ default: Messages }>> = {
  dk: () => import('../locales/dk.json'),
  du: () => import('../locales/du.json'),
  de: () => import('../locales/de.json'),
  fr: () => import('../locales/fr.json'),
  es: () => import('../locales/es.json'),
  hi: () => import('../locales/hi.json'),
  jp: () => import('../locales/jp.json'),
};

async function loadMessages(code: LanguageCode): Promise<Messages> {
  if (code === 'en') return en;
  return (await loaders[code]()).default;
}

/**
 * Initialises i18next with the stored language (or `language` when given) and resolves once
 * its messages are loaded, so the first render is already translated. If a translation chunk
 * fails to load, the interface falls back to English rather than not starting.
 */
export async function initI18n(language: LanguageCode = getStoredLanguage()): Promise<typeof i18n> {
  let lng = language;
  let messages: Messages = en;
  try {
    messages = await loadMessages(language);
  } catch {
    lng = DEFAULT_LANGUAGE;
  }
  const resources = { en: { translation: en }, [lng]: { translation: messages } };
  if (i18n.isInitialized) {
    i18n.addResourceBundle(lng, 'translation', messages, true, true);
    await i18n.changeLanguage(lng);
  } else {
    await i18n.use(initReactI18next).init({
      resources,
      lng,
      fallbackLng: DEFAULT_LANGUAGE,
      // React already escapes interpolated values.
      interpolation: { escapeValue: false },
      returnNull: false,
      initAsync: false,
      showSupportNotice: false,
    });
  }
  if (typeof document !== 'undefined') document.documentElement.lang = languageOf(lng).locale;
  return i18n;
}

/**
 * Stores the chosen language and reloads the page, so every screen, cached label and date format starts over in the new language.
 */
export function selectLanguage(code: LanguageCode, reload: () => void = () => window.location.reload()): void {
  storeLanguage(code);
  reload();
}

/**
 * At sign-in the user's saved language applies: stored locally and loaded
 * without a reload, before the first signed-in screen renders. Unknown codes are ignored.
 */
export async function applyUserLanguage(code: string | undefined): Promise<void> {
  if (!isLanguageCode(code)) return;
  storeLanguage(code);
  if (i18n.language !== code) await initI18n(code);
}

export { i18n };
