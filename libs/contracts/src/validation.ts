import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validate, ValidateBy, ValidateIf, type ValidationError } from 'class-validator';
import type { MetadataStorage } from 'class-validator/types/metadata/MetadataStorage';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import type { Class } from './rpc';

function collect(errors: ValidationError[], parent: string, out: string[]): void {
  for (const e of errors) {
    const path = parent ? `${parent}.${e.property}` : e.property;
    if (e.constraints) {
      for (const message of Object.values(e.constraints)) {
        // class-validator writes "property ..." : show the full path instead
        out.push(message.startsWith(`${e.property} `) ? `${path}${message.slice(e.property.length)}` : message);
      }
    }
    if (e.children?.length) collect(e.children, path, out);
  }
}

/** One readable message naming every field that failed, e.g. "email must be an email" (a sentence said by several fields, once). */
export function formatValidationErrors(errors: ValidationError[]): string {
  const out: string[] = [];
  collect(errors, '', out);
  return [...new Set(out)].join('; ') || 'Invalid input';
}

/**
 * A field that may be left out but not sent as null: unlike `@IsOptional()`, null is
 * validated like any other value (and fails, naming the field), so it never reaches a
 * NOT NULL column as a 500 nor stands for a default. Fields that `null` clears use
 * `@ValidateIf(nullable)` and say `nullable: true` in OpenAPI.
 */
export function IsOmittable(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}

/**
 * A JSON object (not null, not a list, as a body carries it) that `rule` accepts too: kept as
 * sent, so bounded by the rule (size, depth, keys); `message` says what is expected.
 */
export function IsJsonObjectWhere(name: string, rule: (value: object) => boolean, message: string): PropertyDecorator {
  return ValidateBy({
    name,
    validator: {
      validate: (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value) && rule(value),
      defaultMessage: () => message,
    },
  });
}

/**
 * A finite number with at most `places` decimal places. class-validator's own
 * `maxDecimalPlaces` reads the digits after the dot of `String(value)` and throws on the
 * exponent form (`1e-7`); a number as small as `1e-300` passes `@Min(0)` and then cannot be
 * stored in a `real` column. This one works on the value: 12.5 passes with 2 places,
 * 0.001 and 1e-7 do not.
 */
export function IsFixedPoint(places: number): PropertyDecorator {
  return ValidateBy({
    name: 'isFixedPoint',
    validator: {
      // the value is the one its own rounding to `places` decimals gives back
      validate: (value: unknown) => typeof value === 'number' && Number.isFinite(value) && Number(value.toFixed(places)) === value,
      defaultMessage: (args) => `${args?.property} must be a number with at most ${places} decimal places`,
    },
  });
}

// ---------------------------------------------------------------------------------------
// text every store can keep

/** A UTF-16 code unit of a surrogate pair without its partner: not valid Unicode. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Deeper than this the walk stops (the gateway refuses bodies nested deeper than 32). */
const MAX_WALK_DEPTH = 64;

/** A NUL or any surrogate: text without one needs no closer look. */
const NUL_OR_SURROGATE = /[\u0000\uD800-\uDFFF]/;

/** What is wrong with a piece of text for storage, or null: NUL characters or unpaired surrogates. */
export function unsafeTextProblem(text: string): string | null {
  if (!NUL_OR_SURROGATE.test(text)) return null;
  if (text.includes('\u0000')) return 'must not contain NUL characters';
  if (UNPAIRED_SURROGATE.test(text)) return 'must be valid Unicode text (it holds an unpaired surrogate)';
  return null;
}

/**
 * Looks through every string of a request (body, query, path parameters; keys as well as
 * values) for text PostgreSQL cannot store: a NUL character (`\u0000`, refused by text and
 * jsonb columns) or an unpaired surrogate (`\ud800`, not Unicode). Answers the message for
 * the first one found, naming its field (`contactPerson.name must not contain NUL
 * characters`), or null when all is well.
 */
export function findUnsafeText(value: unknown, path = ''): string | null {
  return walk(value, path, 0);
}

function walk(value: unknown, path: string, depth: number): string | null {
  if (typeof value === 'string') {
    const problem = unsafeTextProblem(value);
    return problem ? `${path || 'the value'} ${problem}` : null;
  }
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_WALK_DEPTH) return `${path || 'the value'} is nested too deep`;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = walk(value[i], path ? `${path}.${i}` : String(i), depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const keyProblem = unsafeTextProblem(key);
    if (keyProblem) return `a field name in ${path || 'the request'} ${keyProblem}`;
    const found = walk(item, path ? `${path}.${key}` : key, depth + 1);
    if (found) return found;
  }
  return null;
}

const METADATA_CACHED = Symbol.for('dealer-photo.validation-metadata-cached');

/**
 * Makes class-validator's lookup of a class's rules a cache hit. As shipped, every
 * `validate()` scans the rules of every class the process knows to find the ones of the class
 * at hand (and of the classes it extends), then groups them by property: a cost that grows
 * with the number of DTOs, paid by every request and every message. The rules only change when
 * a decorator runs (while a module loads); any new rule empties the cache. The answers are read,
 * never changed, by the validator. Idempotent; called by the gateway and by every service at start.
 */
export function cacheValidationMetadata(): void {
  const storage = getMetadataStorage() as MetadataStorage & { [METADATA_CACHED]?: true };
  if (storage[METADATA_CACHED]) return;
  storage[METADATA_CACHED] = true;
  const lookup = storage.getTargetValidationMetadatas.bind(storage);
  const group = storage.groupByPropertyName.bind(storage);
  const addRule = storage.addValidationMetadata.bind(storage);
  let rules = new Map<unknown, Map<string, ValidationMetadata[]>>();
  let grouped = new WeakMap<ValidationMetadata[], Record<string, ValidationMetadata[]>>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const key = `${schema}|${always}|${strictGroups}|${groups?.join('\u0000') ?? ''}`;
    let ofTarget = rules.get(target);
    if (!ofTarget) rules.set(target, (ofTarget = new Map()));
    let found = ofTarget.get(key);
    if (!found) ofTarget.set(key, (found = lookup(target, schema, always, strictGroups, groups)));
    return found;
  };
  storage.groupByPropertyName = (metadata) => {
    let found = grouped.get(metadata);
    if (!found) grouped.set(metadata, (found = group(metadata)));
    return found;
  };
  storage.addValidationMetadata = (metadata) => {
    rules = new Map();
    grouped = new WeakMap();
    addRule(metadata);
  };
}

export type PayloadCheck<T> = { value: T; problem?: undefined } | { value?: undefined; problem: string };

export interface PayloadCheckOptions {
  /**
   * `refuse`: a field the class does not declare is an error (requests: a caller's typo or
   * probe is answered 400). `keep`: it is left on the value and ignored (events: a newer
   * producer may add a field before every consumer knows it).
   */
  unknownFields: 'refuse' | 'keep';
}

/**
 * A message's payload checked against its contract class: an object (not null, not a list),
 * no NUL character or unpaired surrogate in any of its strings or keys, and every rule of the
 * class. Answers the instance of the class, or the problem in one sentence naming the fields.
 * Request-reply messages (EnvelopePipe), events (`MessagingHost.on`, the statistics facts) and
 * pipeline jobs (their producers and the pipeline) are all checked here.
 */
export async function checkPayload<T extends object>(payloadClass: Class<T>, raw: unknown, opts: PayloadCheckOptions): Promise<PayloadCheck<T>> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { problem: 'Malformed message: data must be an object' };
  }
  const unsafe = findUnsafeText(raw);
  if (unsafe) return { problem: unsafe };
  const value = plainToInstance(payloadClass as new () => T, raw);
  const errors = await validate(value, opts.unknownFields === 'refuse' ? { whitelist: true, forbidNonWhitelisted: true } : {});
  if (errors.length) return { problem: formatValidationErrors(errors) };
  return { value };
}
