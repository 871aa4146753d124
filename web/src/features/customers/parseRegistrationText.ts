import { COUNTRIES, findCountry } from './countries';

/** What a registration e-mail can fill in on the account form. */
export interface RegistrationFields {
  displayName?: string;
  contactName?: string;
  email?: string;
  phone?: string;
  address?: string;
  postalCode?: string;
  city?: string;
  /** the English name of the country, as the account keeps it */
  country?: string;
  companyId?: string;
}

type Target = keyof RegistrationFields | 'postalCity' | 'firstName' | 'lastName';

/**
 * Labels of registration forms in English, Danish and German, compared lower-case without
 * accents and without a trailing colon. The longest label a line starts with wins, so
 * "Company name" is not read as "Name".
 */
const LABELS: Record<Target, readonly string[]> = {
  displayName: [
    'company', 'company name', 'dealership', 'dealership name', 'dealer', 'business name',
    'firma', 'firmanavn', 'virksomhed', 'virksomhedsnavn', 'forhandler', 'forhandlernavn',
    'firmenname', 'unternehmen', 'autohaus', 'handler', 'haendler',
  ],
  contactName: [
    'name', 'full name', 'contact', 'contact person', 'contact name', 'your name',
    'navn', 'fulde navn', 'kontaktperson', 'kontakt', 'dit navn',
    'ansprechpartner', 'ihr name', 'vollstandiger name',
  ],
  firstName: ['first name', 'fornavn', 'vorname'],
  lastName: ['last name', 'surname', 'efternavn', 'nachname'],
  email: ['e-mail', 'email', 'mail', 'e-mail address', 'email address', 'e-mailadresse', 'e-mail-adresse', 'emailadresse'],
  phone: [
    'phone', 'phone number', 'telephone', 'mobile', 'mobile phone', 'tel', 'tel.',
    'telefon', 'telefonnummer', 'tlf', 'tlf.', 'tlf. nr.', 'mobil', 'mobilnummer', 'handy', 'telefonnr.',
  ],
  address: ['address', 'street', 'street address', 'adresse', 'vej', 'gade', 'vejnavn', 'strasse', 'anschrift', 'strasse und hausnummer', 'strasse/nr.'],
  postalCode: ['postal code', 'postcode', 'post code', 'zip', 'zip code', 'postnummer', 'postnr', 'postnr.', 'plz', 'postleitzahl'],
  city: ['city', 'town', 'by', 'bynavn', 'stadt', 'ort'],
  postalCity: [
    'postal code and city', 'zip/city', 'zip and city', 'postnummer og by', 'postnr. og by', 'postnr./by', 'postnr. / by',
    'postnr og by', 'plz/ort', 'plz / ort', 'plz und ort', 'plz, ort',
  ],
  country: ['country', 'land'],
  companyId: [
    'company id', 'company number', 'vat', 'vat number', 'vat no', 'vat no.', 'vat id', 'vat-nr.', 'registration number',
    'cvr', 'cvr-nr.', 'cvr-nr', 'cvr nr.', 'cvr nr', 'cvr-nummer', 'cvr nummer', 'se-nr.', 'moms nr.', 'momsnummer',
    'ust-idnr.', 'ust-idnr', 'ust-id', 'ust-id-nr.', 'ust.-idnr.', 'umsatzsteuer-id', 'umsatzsteuer-identifikationsnummer', 'steuernummer',
  ],
};

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .replace(/ä|æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .toLowerCase();

const LABEL_LIST: Array<{ label: string; target: Target }> = (Object.entries(LABELS) as Array<[Target, readonly string[]]>)
  .flatMap(([target, labels]) => labels.map((label) => ({ label: fold(label), target })))
  .sort((a, b) => b.label.length - a.label.length);

/** a value that may follow its label after a single space (no colon): it shows what it is */
const SELF_EVIDENT: Partial<Record<Target, RegExp>> = {
  email: /@/,
  phone: /^[+(]?[0-9][0-9\s()./-]{5,}$/,
  postalCode: /^[A-Z]{0,2}-?\d{3,5}$/i,
  companyId: /\d{6,}/,
  postalCity: /^[A-Z]{0,2}-?\d{3,5}\s+\S/i,
};

interface LabelMatch {
  target: Target;
  /** what follows the label on the same line ('' when the value is on the next line) */
  rest: string;
}

/** The label a line starts with and what follows it. */
function matchLabel(line: string): LabelMatch | undefined {
  const folded = fold(line);
  for (const { label, target } of LABEL_LIST) {
    if (!folded.startsWith(label)) continue;
    // the folded text can be longer than the line (ß → ss): cut the line at the same word count
    const after = line.slice(cutAt(line, label));
    if (after === '' || /^\s*:?\s*$/.test(after)) return { target, rest: '' };
    const colon = /^\s*[:=]\s*(.*)$/.exec(after);
    if (colon) return { target, rest: colon[1].trim() };
    const wide = /^(?:\t|\s{2,})\s*(.*)$/.exec(after);
    if (wide) return { target, rest: wide[1].trim() };
    const single = /^\s(.*)$/.exec(after);
    if (single && SELF_EVIDENT[target]?.test(single[1].trim())) return { target, rest: single[1].trim() };
  }
  return undefined;
}

/** Where a label of `folded` characters ends in the original line. */
function cutAt(line: string, foldedLabel: string): number {
  for (let i = 1; i <= line.length; i++) {
    if (fold(line.slice(0, i)) === foldedLabel) return i;
  }
  return foldedLabel.length;
}

/** A phone number as the account keeps it: a leading 00 becomes +, brackets, dots and slashes go. */
export function normalisePhone(raw: string): string {
  // the trunk zero written beside a country code, "+49 (0)30", is not dialled from abroad
  let s = raw.replace(/\(0\)/g, ' ').replace(/[()]/g, ' ').replace(/[./]/g, ' ').trim();
  s = s.replace(/^00\s*/, '+');
  s = s.replace(/^\+\s+/, '+');
  return s.replace(/\s+/g, ' ').trim();
}

const EMAIL_IN_TEXT = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/;

/** "8000 Aarhus C", "DK-8000 Aarhus", "D-10115 Berlin" */
function splitPostalCity(value: string): { postalCode?: string; city?: string } {
  const m = /^(?:[A-Z]{1,2}-)?(\d{3,5}(?:\s\d{2})?)\s+(.+)$/i.exec(value.trim());
  if (m) return { postalCode: m[1], city: m[2].trim() };
  return { city: value.trim() };
}

/** The country whose dialling code a phone number starts with (the longest code wins). */
function countryOfPhone(phone: string): string | undefined {
  if (!phone.startsWith('+')) return undefined;
  const digits = phone.slice(1).replace(/\D/g, '');
  // codes shared by several countries (+1, +7, +44…) name none: only a code one country has
  const candidates = COUNTRIES.filter((c) => digits.startsWith(c.dialCode.slice(1)));
  if (candidates.length === 0) return undefined;
  const longest = Math.max(...candidates.map((c) => c.dialCode.length));
  const best = candidates.filter((c) => c.dialCode.length === longest);
  return best.length === 1 ? best[0].label : undefined;
}

/** Fewer fields than this and the text is not a registration mail. */
const MIN_FIELDS = 2;

/**
 * Reads a registration e-mail's text: "Label: value" lines, or a label on one line and its
 * value on the next, in English, Danish or German. Returns the fields it recognised, or
 * `null` when the text is not a registration (fewer than two fields).
 */
export function parseRegistrationText(text: string): RegistrationFields | null {
  const lines = text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((l) => l.replace(/^[\s>*•-]+/, '').replace(/\*+/g, '').trim());
  const found: Partial<Record<Target, string>> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const match = matchLabel(line);
    if (!match) continue;
    let value = match.rest;
    if (!value) {
      // the value on the next line that is not empty and not a label itself
      let j = i + 1;
      while (j < lines.length && !lines[j]) j++;
      if (j < lines.length && !matchLabel(lines[j])) {
        value = lines[j];
        i = j;
      }
    }
    if (value && found[match.target] === undefined) found[match.target] = value;
  }

  const out: RegistrationFields = {};
  const set = (key: keyof RegistrationFields, value: string | undefined) => {
    const v = value?.trim();
    if (v) out[key] = v;
  };
  set('displayName', found.displayName);
  set('contactName', found.contactName ?? ([found.firstName, found.lastName].filter(Boolean).join(' ') || undefined));
  const email = found.email ? EMAIL_IN_TEXT.exec(found.email)?.[0] : undefined;
  set('email', (email ?? EMAIL_IN_TEXT.exec(text)?.[0])?.toLowerCase());
  if (found.phone) set('phone', normalisePhone(found.phone));
  set('address', found.address);
  if (found.postalCity) {
    const { postalCode, city } = splitPostalCity(found.postalCity);
    set('postalCode', postalCode);
    set('city', city);
  }
  if (found.postalCode) set('postalCode', splitPostalCity(found.postalCode).postalCode ?? found.postalCode.replace(/^[A-Z]{1,2}-/i, ''));
  if (found.city) set('city', found.city);
  set('country', findCountry(found.country)?.label ?? (out.phone ? countryOfPhone(out.phone) : undefined));
  set('companyId', found.companyId);

  // an e-mail alone, found anywhere, does not make a registration
  const labelled = Object.keys(out).filter((k) => k !== 'email' || found.email !== undefined).length;
  return labelled >= MIN_FIELDS ? out : null;
}
