import { escapeLike } from './like-pattern';

/**
 * PostgreSQL's LIKE with its default escape character, for the patterns a search builds:
 * `%` any run of characters, `_` one character, `\` takes the next character as it is.
 */
function like(text: string, pattern: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') source += (pattern[++i] ?? '').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    else if (c === '%') source += '[\\s\\S]*';
    else if (c === '_') source += '[\\s\\S]';
    else source += c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`).test(text);
}

const names = ['50% off', '50 off', 'a_b', 'axb', 'C:\\cars', 'C:cars', 'plain'];
const found = (search: string) => names.filter((n) => like(n, `%${escapeLike(search)}%`));

describe('escapeLike: a search finds the text typed, wildcards included', () => {
  it('finds a percent sign, an underscore and a backslash as themselves', () => {
    expect(found('%')).toEqual(['50% off']);
    expect(found('_')).toEqual(['a_b']);
    expect(found('\\')).toEqual(['C:\\cars']);
    expect(found('0% o')).toEqual(['50% off']);
  });

  it('leaves other text as it is', () => {
    expect(escapeLike('plain text, 1-2')).toBe('plain text, 1-2');
    expect(found('off')).toEqual(['50% off', '50 off']);
  });

  it('escapes every wildcard, not only the first', () => {
    expect(escapeLike('%_%\\_')).toBe('\\%\\_\\%\\\\\\_');
  });
});
