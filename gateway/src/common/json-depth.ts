/**
 * The deepest nesting of arrays and objects a JSON body may have. No request of the API
 * nests deeper than a few levels; the limit is checked on the raw text before it is parsed,
 * so a body of nested brackets costs one linear scan and never reaches the parser, the
 * transformer or the validator, which walk it recursively.
 */
export const MAX_JSON_DEPTH = 32;

/**
 * The most items (array elements and object members, counted over the whole body) a JSON
 * body may hold. The largest request of the API lists 1000 ids (child accounts). Turning a
 * body into its payload class costs some 15 to 20 µs per item, whether the item is known or
 * not, so a megabyte of `{},{},…` (250,000 items) held the gateway for seconds; 2000 items
 * cost some 40 ms. Checked in the same scan as the depth.
 */
export const MAX_JSON_ITEMS = 2_000;

export type JsonShapeProblem = 'too-deep' | 'too-many-items';

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/**
 * What is wrong with the shape of JSON text (UTF-8 bytes), or null: nested deeper than
 * `maxDepth`, or more than `maxItems` items (array elements and object members: the first of
 * each non-empty array or object, then one per comma). Brackets and commas inside strings do
 * not count. Malformed text is left for the parser to refuse. UTF-8 continuation bytes are
 * all 0x80 or above, so the scan can go byte by byte.
 */
export function jsonShapeProblem(text: Uint8Array, maxDepth: number = MAX_JSON_DEPTH, maxItems: number = MAX_JSON_ITEMS): JsonShapeProblem | null {
  let depth = 0;
  let items = 0;
  let inString = false;
  /** an array or object was just opened: what comes next, unless it closes it, is its first item */
  let opened = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) inString = false;
      continue;
    }
    if (c === SPACE || c === TAB || c === LF || c === CR) continue;
    if (opened) {
      opened = false;
      if (c !== CLOSE_ARRAY && c !== CLOSE_OBJECT && ++items > maxItems) return 'too-many-items';
    }
    if (c === QUOTE) {
      inString = true;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > maxDepth) return 'too-deep';
      opened = true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    } else if (c === COMMA) {
      if (++items > maxItems) return 'too-many-items';
    }
  }
  return null;
}
