/**
 * Interface languages. The codes are the product's own (dk, du and jp, not ISO), which is
 * what is stored and later saved on the user; `locale` is the BCP 47 tag for `<html lang>`
 * and Intl formatting.
 *
 * `name` is each language's name in that language (endonym) and is deliberately not run
 * through `t()`: a reader looks for their own language by its own name, whatever the current
 * interface language is, so the text is the same in every locale.
 */
export const LANGUAGES = [
  { code: 'en', locale: 'en', flag: '🇬🇧', name: 'English' },
  { code: 'dk', locale: 'da', flag: '🇩🇰', name: 'Dansk' },
  { code: 'du', locale: 'nl', flag: '🇳🇱', name: 'Nederlands' },
  { code: 'de', locale: 'de', flag: '🇩🇪', name: 'Deutsch' },
  { code: 'fr', locale: 'fr', flag: '🇫🇷', name: 'Français' },
  { code: 'es', locale: 'es', flag: '🇪🇸', name: 'Español' },
  { code: 'hi', locale: 'hi', flag: '🇮🇳', name: 'हिन्दी' },
  { code: 'jp', locale: 'ja', flag: '🇯🇵', name: '日本語' },
] as const;

export type Language = (typeof LANGUAGES)[number];
export type LanguageCode = Language['code'];

export const DEFAULT_LANGUAGE: LanguageCode = 'en';

export function isLanguageCode(value: unknown): value is LanguageCode {
  return LANGUAGES.some((l) => l.code === value);
}

export function languageOf(code: string): Language {
  return LANGUAGES.find((l) => l.code === code) ?? LANGUAGES[0];
}

/**
 * Local settings live as one JSON object under this localStorage key;
 * other settings can join it later.
 */
export const CONFIG_STORAGE_KEY = 'config';

interface StoredConfig {
  language?: unknown;
  [key: string]: unknown;
}

function readConfig(): StoredConfig {
  try {
    const raw = window.localStorage.getItem(CONFIG_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as StoredConfig) : {};
  } catch {
    // Storage disabled or a corrupt value: behave as on a first visit.
    return {};
  }
}

/** The stored language, or the default when none (or an unknown one) is stored. */
export function getStoredLanguage(): LanguageCode {
  const { language } = readConfig();
  return isLanguageCode(language) ? language : DEFAULT_LANGUAGE;
}

export function storeLanguage(code: LanguageCode): void {
  try {
    window.localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ ...readConfig(), language: code }));
  } catch {
    // Private mode or full storage: the choice then lasts for this page only.
  }
}
