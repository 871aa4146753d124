/**
 * Small helpers the payload classes share: transforms for `@Transform` and a condition for
 * `@ValidateIf`.
 */

type Input = { value: unknown };

/** a string with its surrounding white space removed (anything else as it is) */
export const trim = ({ value }: Input): unknown => (typeof value === 'string' ? value.trim() : value);

/** a string trimmed and lower-cased (e-mail addresses) */
export const trimLower = ({ value }: Input): unknown => (typeof value === 'string' ? value.trim().toLowerCase() : value);

/** `"true"` / `"false"` from a query string as booleans */
export const queryBool = ({ value }: Input): unknown => (value === 'true' ? true : value === 'false' ? false : value);

/** `@ValidateIf(nullable)`: optional, but `null` is an answer too (clears the value) */
export const nullable = (_: object, v: unknown): boolean => v !== undefined && v !== null;
