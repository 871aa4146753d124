/**
 * Text a search takes as it is, inside a LIKE pattern: `%`, `_` and the escape character `\`
 * (PostgreSQL's default ESCAPE) each get a `\` before them, so a search for `50%` or `a_b`
 * finds those characters and nothing else. Put `%` around the result to match the text
 * anywhere: `LIKE :s` with `%${escapeLike(search)}%`.
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
