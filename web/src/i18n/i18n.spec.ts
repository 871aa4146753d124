import { afterAll, describe, expect, it } from '@jest/globals';
import de from '../locales/de.json';
import dk from '../locales/dk.json';
import du from '../locales/du.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import hi from '../locales/hi.json';
import jp from '../locales/jp.json';
import { i18n, initI18n } from './index';
import { CONFIG_STORAGE_KEY, DEFAULT_LANGUAGE, getStoredLanguage, LANGUAGES } from './languages';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(prefix + key, value);
    else for (const [k, v] of flatten(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const variables = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

const translations: Record<string, Tree> = { dk, du, de, fr, es, hi, jp };
const english = flatten(en);

describe('locales', () => {
  it('has a file for every language of the selector', () => {
    expect(Object.keys(translations).sort()).toEqual(LANGUAGES.map((l) => l.code).filter((c) => c !== 'en').sort());
  });

  it.each(Object.entries(translations))('%s has exactly the English keys, each with the same placeholders', (_code, tree) => {
    const messages = flatten(tree);
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) {
      expect({ key, vars: variables(messages.get(key) ?? '') }).toEqual({ key, vars: variables(text) });
      expect(messages.get(key)?.trim()).not.toBe('');
    }
  });

  it.each(Object.entries(translations))('%s is translated, not an English copy', (_code, tree) => {
    const messages = flatten(tree);
    const same = [...english].filter(([key, text]) => messages.get(key) === text).length;
    // A few words are the same in some languages ("Details", "Status"); most must differ.
    expect(same / english.size).toBeLessThan(0.15);
  });
});

describe('initI18n', () => {
  afterAll(async () => {
    await initI18n('en');
  });

  it('loads the chosen language and sets the page language', async () => {
    await initI18n('de');

    expect(i18n.t('status.title')).toBe('Systemstatus');
    expect(i18n.t('errors.404.title')).toBe('Seite nicht gefunden');
    expect(document.documentElement.lang).toBe('de');
  });

  it('uses the BCP 47 tag of product codes that are not one', async () => {
    await initI18n('jp');

    expect(i18n.t('errors.500.title')).toBe('システムエラー');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('defaults to English when nothing or something unknown is stored', () => {
    expect(getStoredLanguage()).toBe(DEFAULT_LANGUAGE);
    window.localStorage.setItem(CONFIG_STORAGE_KEY, JSON.stringify({ language: 'xx' }));
    expect(getStoredLanguage()).toBe('en');
    window.localStorage.setItem(CONFIG_STORAGE_KEY, 'not json');
    expect(getStoredLanguage()).toBe('en');
  });
});
