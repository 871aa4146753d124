import { afterAll, describe, expect, it } from '@jest/globals';
import de from '../locales/de.json';
import dk from '../locales/dk.json';
import du from '../locales/du.json';
import en from '../locales/en.json';
import es from '../locales/es.json';
import fr from '../locales/fr.json';
import hi from '../locales/hi.json';
import jp from '../locales/jp.json';
import { PERMISSION_NAMES } from '@app/contracts/wire';
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

/** Sections for the words several screens share; each English text appears once in them. */
const SHARED_SECTIONS = ['common', 'fields', 'buttons'];

/**
 * Tables the code reads with a key built at run time (`t(`orders.status.${key}`)`): every key
 * in them counts as used. A new table read that way is added here.
 */
const READ_BY_VALUE = [
  'status.services.',
  'status.state.',
  'errors.401.',
  'errors.404.',
  'errors.500.',
  'footer.topics.',
  'roles.',
  'admin.category.',
  'admin.appSettings.valueTypes.',
  'admin.appSettings.settingTypes.',
  'admin.appSettings.categories.',
  'admin.tags.entities.',
  'admin.builder.slots.',
  'admin.builder.configSlots.',
  'orders.status.',
  'orders.qaStatus.',
  'orders.closed.',
  'orderDetail.types.',
  'orderDetail.badges.',
  'orderDetail.labels.',
  'orderDetail.insert.origins.',
  'orderDetail.events.',
  'salesPeople.login.',
  'reEdit.reasons.',
  'reEdit.state.',
  'repush.sides.',
  'repush.switches.',
  'repush.states.',
  'imageHistory.kinds.',
  'imageHistory.reasons.',
  'profile.integrations.settingFields.',
  'delivery.states.',
  'delivery.by.',
  'dashboard.common.windows.',
  'profile.permissions.catalogue.',
];

// The web project has no Node types: the sources are read through jest's CommonJS require.
declare const require: (id: 'node:fs') => {
  readdirSync(dir: string, options: { withFileTypes: true }): Array<{ name: string; isDirectory(): boolean }>;
  readFileSync(file: string, encoding: 'utf8'): string;
};
declare const __dirname: string;
const fs = require('node:fs');

interface Source {
  file: string;
  text: string;
  spec: boolean;
}

function sources(dir: string): Source[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry): Source[] => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sources(file);
    if (!/\.tsx?$/.test(entry.name) || entry.name.endsWith('.d.ts')) return [];
    return [{ file: file.slice(file.indexOf('web/src/')), text: fs.readFileSync(file, 'utf8'), spec: /\.spec\.tsx?$/.test(entry.name) || file.includes('/src/test/') }];
  });
}

const code = sources(__dirname.slice(0, __dirname.lastIndexOf('/')));
const SECTIONS = new Set(Object.keys(en));

/**
 * The keys a source names: quoted strings whose first part is a section of en.json
 * (`t('orders.title')`, `labelKey: 'menu.orders'`, `i18nKey="..."`) and `t(`...`)` without
 * a placeholder.
 */
function literalKeys(text: string): string[] {
  const quoted = [...text.matchAll(/(['"])([A-Za-z][\w-]*(?:\.[\w-]+)+)\1/g)].map((m) => m[2]);
  const backticked = [...text.matchAll(/\bt\(\s*`([A-Za-z][\w-]*(?:\.[\w-]+)+)`/g)].map((m) => m[1]);
  return [...quoted, ...backticked].filter((key) => SECTIONS.has(key.split('.')[0]));
}

/** Keys built at run time, as patterns: `errors.${code}.title` is `errors.<one part>.title`. */
function builtKeys(text: string): Array<{ template: string; pattern: RegExp }> {
  return [...text.matchAll(/`([A-Za-z][\w-]*(?:\.[\w-]+)*\.)\$\{[^}]*\}((?:\.[\w-]+)*)`/g)]
    .filter((m) => SECTIONS.has(m[1].split('.')[0]))
    .map((m) => ({ template: m[0], pattern: new RegExp(`^${m[1].replace(/\./g, '\\.')}[^.]+${m[2].replace(/\./g, '\\.')}$`) }));
}

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

describe('translation keys', () => {
  it('names only keys of en.json in the code', () => {
    const missing = code.flatMap((s) => literalKeys(s.text).filter((key) => !english.has(key)).map((key) => `${s.file}: ${key}`));
    const unmatched = code.flatMap((s) => builtKeys(s.text).filter(({ pattern }) => ![...english.keys()].some((key) => pattern.test(key))).map(({ template }) => `${s.file}: ${template}`));

    expect([...missing, ...unmatched]).toEqual([]);
  });

  it('uses every key of en.json in the app', () => {
    const used = new Set(code.filter((s) => !s.spec).flatMap((s) => literalKeys(s.text)));
    const unused = [...english.keys()].filter((key) => !used.has(key) && !READ_BY_VALUE.some((prefix) => key.startsWith(prefix)));

    expect(unused).toEqual([]);
  });

  it('names and describes every permission of the contract in every language', () => {
    for (const [lang, tree] of Object.entries({ en, ...translations })) {
      const keys = flatten(tree as Tree);
      const missing = PERMISSION_NAMES.flatMap((name) =>
        ['name', 'description'].map((part) => `profile.permissions.catalogue.${name}.${part}`).filter((key) => !keys.get(key)?.trim()),
      );
      expect({ lang, missing }).toEqual({ lang, missing: [] });
    }
  });

  it('has each English text once in the shared sections', () => {
    const byText = new Map<string, string[]>();
    for (const [key, text] of english) {
      if (!SHARED_SECTIONS.includes(key.split('.')[0])) continue;
      byText.set(text, [...(byText.get(text) ?? []), key]);
    }

    expect([...byText.values()].filter((keys) => keys.length > 1)).toEqual([]);
  });

  it('keeps every table read by value in en.json', () => {
    expect(READ_BY_VALUE.filter((prefix) => ![...english.keys()].some((key) => key.startsWith(prefix)))).toEqual([]);
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
