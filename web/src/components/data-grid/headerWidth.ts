/**
 * How wide a column must be for its header to read well in every language: two lines at most,
 * broken between words only. Chinese and Japanese have no spaces, so their headers are kept
 * whole (`word-break: keep-all` in `headerTextSx`): left to the browser, a narrow column breaks
 * them after every character, one character per line.
 */

/** Header text: 14 px, semibold, in the theme's font. */
const FONT_PX = 14;
const FONT = `600 ${FONT_PX}px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif`;

const WIDE = /[\u1100-\u115f\u2e80-\u303e\u3040-\u30ff\u3100-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7a3\uf900-\ufaff\uff00-\uff60\uffe0-\uffe6]/u;

/** Without a canvas (tests): a CJK character as wide as the font size, any other about 0.7 of it. */
function estimate(text: string): number {
  let width = 0;
  for (const ch of text) width += WIDE.test(ch) ? FONT_PX : 0.7 * FONT_PX;
  return width;
}

let context: OffscreenCanvasRenderingContext2D | null | undefined;
const cache = new Map<string, number>();

/** The width (px) the text takes in the header's font, measured where the browser can. */
export function textWidth(text: string): number {
  const known = cache.get(text);
  if (known !== undefined) return known;
  if (context === undefined) context = typeof OffscreenCanvas === 'undefined' ? null : new OffscreenCanvas(1, 1).getContext('2d');
  let width: number;
  if (context) {
    context.font = FONT;
    width = context.measureText(text).width;
  } else width = estimate(text);
  cache.set(text, width);
  return width;
}

/**
 * The text width (px) a header needs on two lines at most: the best split of its words in two
 * (a CJK run is one word), never less than its longest word. Rounded up, with a little slack for
 * the font's rounding.
 */
export function headerTextWidth(header: string): number {
  const words = header.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 0;
  let best = textWidth(words.join(' '));
  for (let i = 1; i < words.length; i++) {
    best = Math.min(best, Math.max(textWidth(words.slice(0, i).join(' ')), textWidth(words.slice(i).join(' '))));
  }
  return Math.ceil(best) + 4;
}

/** A data grid header's padding on both sides, and room for the sort arrow of a sortable column. */
export const HEADER_PADDING_PX = 24;
export const SORT_ICON_PX = 28;

/** The least width (px) of a data grid column with this header, padding and sort arrow included. */
export function headerMinWidth(header: string, sortable: boolean): number {
  return headerTextWidth(header) + HEADER_PADDING_PX + (sortable ? SORT_ICON_PX : 0);
}

/** Header text wraps between words only, CJK runs stay whole. */
export const headerTextSx = {
  whiteSpace: 'normal',
  wordBreak: 'keep-all',
  overflowWrap: 'normal',
  lineHeight: 1.25,
} as const;
