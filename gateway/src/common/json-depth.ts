/**
 * The deepest nesting of arrays and objects a JSON body may have. No request of the API
 * nests deeper than a few levels; the limit is checked on the raw text before it is parsed,
 * so a body of nested brackets costs one linear scan and never reaches the parser, the
 * transformer or the validator, which walk it recursively.
 */
export const MAX_JSON_DEPTH = 32;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether JSON text (UTF-8 bytes) nests arrays and objects deeper than `max`. Brackets inside
 * strings do not count. Malformed text is left for the parser to refuse. UTF-8 continuation
 * bytes are all 0x80 or above, so the scan can go byte by byte.
 */
export function jsonDeeperThan(text: Uint8Array, max: number = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
    } else if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}
