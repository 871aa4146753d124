import { Transform } from 'class-transformer';
import { IsBoolean } from 'class-validator';

const TRUE_WORDS = ['true', '1', 'yes'];
const FALSE_WORDS = ['false', '0', 'no'];

/** What a boolean variable may say, for the message that refuses anything else. */
export const FLAG_VALUES_MESSAGE = 'must be true, false, 1, 0, yes or no';

/**
 * A yes/no environment value: `true`, `1`, `yes` are true and `false`, `0`, `no` false, in
 * any case and with spaces around them; a boolean stays as it is. Anything else is answered
 * `undefined`: the caller refuses it.
 */
export function parseFlag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value !== 'string') return undefined;
  const word = value.trim().toLowerCase();
  if (TRUE_WORDS.includes(word)) return true;
  if (FALSE_WORDS.includes(word)) return false;
  return undefined;
}

/**
 * The one way a config class declares a boolean variable:
 * `@BooleanFlag() SEED_DEMO_DATA: boolean = false;`. It reads the variable's own text (the
 * loader's implicit conversion would have made any text, "false" too, `true`), and a value
 * `parseFlag` does not know stops the process at boot naming the variable, its value and the
 * words it takes.
 */
export function BooleanFlag(): PropertyDecorator {
  const read = Transform(({ obj, key }) => {
    const raw: unknown = (obj as Record<string, unknown>)[key];
    return parseFlag(raw) ?? raw;
  });
  const check = IsBoolean({ message: FLAG_VALUES_MESSAGE });
  return (target, property) => {
    read(target, property);
    check(target, property);
  };
}
