/**
 * Charts as CSV files (RFC 4180): the columns are the rows' keys in the order they first
 * appear, lines end in CRLF, a field holding a comma, a quote or a line break is quoted with
 * its quotes doubled, `null` is an empty field. Text that a spreadsheet would run as a formula
 * (starting with `=`, `+`, `-`, `@`, a tab or a carriage return: an account named
 * `=HYPERLINK(…)`) gets a leading `'`; numbers are written as they are.
 */
export type CsvRow = Record<string, string | number | null>;

/** UTF-8 byte order mark: without it Excel reads a CSV file in the local code page and garbles Japanese and Hindi. */
export const BOM = '\uFEFF';

function field(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
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
