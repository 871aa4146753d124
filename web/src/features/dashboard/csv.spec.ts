import { describe, expect, it } from '@jest/globals';
import { blobBytes, blobText } from '../../test/blob';
import { csvBlob, csvFilename, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header of the keys in order of appearance, then one CRLF line per row', () => {
    expect(toCsv([{ period: '2026-01-01T00:00:00.000Z', count: 3 }, { period: '2026-02-01T00:00:00.000Z', count: 0 }])).toBe(
      'period,count\r\n2026-01-01T00:00:00.000Z,3\r\n2026-02-01T00:00:00.000Z,0\r\n',
    );
    // a key only a later row has is a column too; a missing or null value is an empty field
    expect(toCsv([{ a: 1 }, { a: null, b: 'x' }])).toBe('a,b\r\n1,\r\n,x\r\n');
    expect(toCsv([])).toBe('');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes (RFC 4180)', () => {
    expect(toCsv([{ name: 'Auto, Cars', note: 'the "best"', text: 'two\nlines', plain: 'Nordic Auto' }])).toBe(
      'name,note,text,plain\r\n"Auto, Cars","the ""best""","two\nlines",Nordic Auto\r\n',
    );
  });

  it('keeps a spreadsheet from running a name as a formula, and writes numbers as they are', () => {
    expect(toCsv([{ name: '=HYPERLINK("x")', other: '+45 20', n: -3, at: '@home' }])).toBe(`name,other,n,at\r\n"'=HYPERLINK(""x"")",'+45 20,-3,'@home\r\n`);
  });

  it('quotes a field holding the separator of other locales and keeps a formula after it from running', () => {
    const line = toCsv([{ name: "Bob;=cmd|' /C calc'!A0" }]).split('\r\n')[1];
    expect(line).toBe(`"Bob;'=cmd|' /C calc'!A0"`);
    expect(toCsv([{ a: 'x,+1', b: 'tab\there', c: 'one;  @SUM(A1)', d: 'a\n-2' }]).split('\r\n')[1]).toBe(`"x,'+1","tab\there","one;  '@SUM(A1)","a\n'-2"`);
  });

  it.each([',', ';', '\t'])('leaves no cell starting a formula for a spreadsheet reading "%s" as the separator, with or without honouring quotes', (separator) => {
    const names = ["Bob;=cmd|' /C calc'!A0", 'Auto,=1+1', 'tab\t+SUM(1)', '@x; -y', 'line\r\n=2', '"q";=3', '\t=4'];
    const csv = toCsv(names.map((name) => ({ name, note: `${name} ${name}` })));
    const formula = /^\s*[=+\-@]/;
    for (const cell of readCsv(csv, separator)) expect(cell).not.toMatch(formula);
    // a reader that splits every line at each separator, quotes or not
    for (const cell of csv.split(/\r\n|\n|\r/).flatMap((l) => l.split(separator))) expect(cell.replace(/^"/, '')).not.toMatch(formula);
    // the comma reader, the app's own, gets every name back with the neutralising quote marks only
    if (separator === ',') expect(readCsv(csv, ',').filter((_, i) => i % 2 === 0).slice(1).map((c) => c.replace(/(^|[,;\t\r\n] *)'/g, '$1'))).toEqual(names);
  });

  it('keeps Japanese and Hindi text as it is', () => {
    expect(toCsv([{ 販売店: '東京モーターズ', बिक्री: 'दिल्ली कार्स' }])).toBe('販売店,बिक्री\r\n東京モーターズ,दिल्ली कार्स\r\n');
  });
});

/** the cells of a CSV text as a spreadsheet reads them with the given separator (RFC 4180 quoting) */
function readCsv(text: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator || c === '\n') cells.push(cell), (cell = '');
    else if (c !== '\r') cell += c;
  }
  return cells;
}

describe('csvBlob', () => {
  it('starts the file with the UTF-8 byte order mark, so Excel reads it as UTF-8', async () => {
    const blob = csvBlob([{ name: '東京' }]);
    expect(blob.type).toBe('text/csv;charset=utf-8');
    const bytes = await blobBytes(blob);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await blobText(blob)).toBe('name\r\n東京\r\n');
  });
});

describe('csvFilename', () => {
  it('ends in .csv and leaves out what file systems refuse', () => {
    expect(csvFilename('uploaded-cars-year-current')).toBe('uploaded-cars-year-current.csv');
    expect(csvFilename('a/b:c?.csv')).toBe('a-b-c-.csv');
    expect(csvFilename('  ')).toBe('chart.csv');
  });
});
