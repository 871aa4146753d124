/**
 * Charts as CSV files (RFC 4180): the columns are the rows' keys in the order they first
 * appear, lines end in CRLF, `null` is an empty field, numbers are written as they are.
 *
 * The file is written with commas, but a spreadsheet set to another separator (Excel with
 * Danish, German, French, Spanish or Dutch settings reads `;`; a tab-separated import reads
 * tabs) splits a text field wherever that separator is. So a text field holding any separator
 * (`,` `;` tab), a quote or a line break is quoted with its quotes doubled, and text that a
 * spreadsheet would run as a formula gets a `'` before the formula's start (`=`, `+`, `-`,
 * `@`, a tab or a carriage return): at the start of the field and after every separator or
 * line break inside it (spaces between them included), since a reader that splits there
 * sees a new cell starting. An account named `=HYPERLINK(…)` becomes `'=HYPERLINK(…)`, and
 * `Bob;=cmd|' /C calc'!A0` becomes `"Bob;'=cmd|' /C calc'!A0"`.
 */
export type CsvRow = Record<string, string | number | null>;

/** UTF-8 byte order mark: without it Excel reads a CSV file in the local code page and garbles Japanese and Hindi. */
export const BOM = '\uFEFF';

const SEPARATORS = ',;\t\r\n';
const FORMULA_STARTS = '=+-@\t\r';

/** `'` before a formula's first character at the start of the text and after every separator or line break in it (and any spaces) */
function neutralised(text: string): string {
  let out = '';
  let cellStart = true;
  for (const c of text) {
    if (cellStart && FORMULA_STARTS.includes(c)) out += "'";
    out += c;
    if (SEPARATORS.includes(c)) cellStart = true;
    else if (c !== ' ') cellStart = false;
  }
  return out;
}

function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = neutralised(value);
  return /[",;\t\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(rows: readonly CsvRow[]): string {
  const columns: string[] = [];
  for (const row of rows) for (const key of Object.keys(row)) if (!columns.includes(key)) columns.push(key);
  if (columns.length === 0) return '';
  const lines = [columns.map(field).join(','), ...rows.map((row) => columns.map((c) => field(row[c])).join(','))];
  return `${lines.join('\r\n')}\r\n`;
}

/** The file's content: the BOM, then the CSV. */
export function csvBlob(rows: readonly CsvRow[]): Blob {
  return new Blob([BOM, toCsv(rows)], { type: 'text/csv;charset=utf-8' });
}

/** A file name without characters file systems refuse, ending in `.csv`. */
export function csvFilename(name: string): string {
  const base = name.replace(/\.csv$/i, '').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '-').trim() || 'chart';
  return `${base}.csv`;
}

/** Saves the rows as a CSV file through the browser's download. */
export function downloadCsv(filename: string, rows: readonly CsvRow[]): void {
  const url = URL.createObjectURL(csvBlob(rows));
  const link = document.createElement('a');
  link.href = url;
  link.download = csvFilename(filename);
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click has handed the file to the browser; the URL can go once this task is done
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
