import type { INestApplication } from '@nestjs/common';
import { DECORATORS, DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import {
  ARRAY_MAX_SIZE,
  ARRAY_MIN_SIZE,
  getMetadataStorage,
  IS_BOOLEAN,
  IS_EMAIL,
  IS_IN,
  IS_INT,
  IS_ISO8601,
  IS_LENGTH,
  IS_NUMBER,
  IS_STRING,
  IS_UUID,
  MATCHES,
  MAX,
  MAX_LENGTH,
  MIN,
  MIN_LENGTH,
} from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { NAMED_ENUMS, NULLABLE_MODELS } from '@app/contracts/http';

/**
 * The gateway's OpenAPI 3.0.3 document, as a strict client reads it:
 * - every nullable value is `type` + `nullable: true` (a nullable reference is
 *   `oneOf: [{ $ref }, { type, nullable: true, enum: [null] }]`, see `nullableRef`), and a
 *   nullable enum lists `null` among its values;
 * - one `servers` entry, the gateway itself (`/`, the paths start with `/api`);
 * - every operation states its security: a bearer token, the robot key, or `[]` for the
 *   public ones (sign-in, refresh, forgot-password, health, app versions);
 * - the limits the validation enforces (class-validator's @MaxLength, @Length, @Min, @Max,
 *   @Matches, @IsIn, @ArrayMinSize, @ArrayMaxSize…) are in the schemas of the bodies and of
 *   the query and path parameters, read from class-validator's metadata (limitsFromValidation).
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  limitsFromValidation();
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setOpenAPIVersion('3.0.3')
      .setTitle('Dealer photo back-office API')
      .setDescription('REST API of the car-dealership photo and video service. Every error is `{ statusCode, message }`.')
      .setVersion('1')
      .addServer('/', 'this gateway (the paths start with /api)')
      .addBearerAuth()
      .addApiKey({ type: 'apiKey', in: 'header', name: 'X-Robot-Key', description: 'the key of a ROBOT integration (the robot API)' }, 'robot-key')
      .build(),
    { extraModels: [...NULLABLE_MODELS] },
  );
  for (const [name, schema] of NAMED_ENUMS) document.components!.schemas![name] ??= { ...schema };
  for (const ops of Object.values(document.paths)) {
    for (const op of Object.values(ops) as Array<{ security?: unknown[]; responses?: unknown }>) {
      if (op && typeof op === 'object' && op.responses && !op.security) op.security = [];
    }
  }
  nullInNullableEnums(document);
  return document;
}

/** `{ type: string, enum: [a, b], nullable: true }` admits null only when null is one of the values (OpenAPI 3.0.3). */
function nullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(nullInNullableEnums);
  if (!node || typeof node !== 'object') return;
  const schema = node as Record<string, unknown>;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  for (const value of Object.values(schema)) nullInNullableEnums(value);
}

type Limits = Record<string, unknown>;

/** The OpenAPI keywords each class-validator rule stands for (rules applied to a whole property, not `each` item). */
const RULES: Record<string, (c: unknown[], current: Limits) => Limits> = {
  [MAX_LENGTH]: ([max]) => ({ maxLength: max }),
  [MIN_LENGTH]: ([min]) => ({ minLength: min }),
  [IS_LENGTH]: ([min, max]) => ({ ...(typeof min === 'number' && min > 0 ? { minLength: min } : {}), ...(typeof max === 'number' ? { maxLength: max } : {}) }),
  [MAX]: ([max]) => ({ maximum: max }),
  [MIN]: ([min]) => ({ minimum: min }),
  [MATCHES]: ([pattern, modifiers]) => {
    // a pattern with flags (case-insensitive…) has no exact OpenAPI equivalent: left out rather than written wrong
    const flags = pattern instanceof RegExp ? pattern.flags : (modifiers ?? '');
    const source = pattern instanceof RegExp ? pattern.source : pattern;
    return flags || typeof source !== 'string' ? {} : { pattern: source };
  },
  [IS_IN]: ([values]) => (Array.isArray(values) ? { enum: values } : {}),
  [ARRAY_MAX_SIZE]: ([max]) => ({ maxItems: max }),
  [ARRAY_MIN_SIZE]: ([min]) => ({ minItems: min }),
  [IS_UUID]: (_c, current) => ({ format: 'uuid', ...typed(current, 'string') }),
  [IS_EMAIL]: (_c, current) => ({ format: 'email', ...typed(current, 'string') }),
  [IS_ISO8601]: (_c, current) => typed(current, 'string'),
  [IS_STRING]: (_c, current) => typed(current, 'string'),
  [IS_BOOLEAN]: (_c, current) => typed(current, 'boolean'),
  [IS_NUMBER]: (_c, current) => typed(current, 'number'),
  // a whole number is an integer even where TypeScript only knew `number`
  [IS_INT]: (_c, current) => (untyped(current) || current.type === Number || current.type === 'number' ? { type: 'integer' } : {}),
};

/** A property TypeScript could only describe as Object (`string | null` has no runtime type of its own). */
const untyped = (current: Limits): boolean => current.type === undefined || current.type === Object || current.type === 'object';
const typed = (current: Limits, type: string): Limits => (untyped(current) && !current.enum ? { type } : {});

let limitsCopied = false;

/**
 * Copies the limits of every class-validator rule into the @ApiProperty metadata of the same
 * property, once, before the document is written: what the document says a field accepts is
 * what the validation enforces, written in one place (the DTO's decorators). A keyword the
 * @ApiProperty states itself is kept; a property without @ApiProperty is not in the document
 * and gets nothing.
 */
export function limitsFromValidation(): void {
  if (limitsCopied) return;
  limitsCopied = true;
  const storage = getMetadataStorage() as unknown as { validationMetadatas: Map<Function, ValidationMetadata[]> };
  for (const [target, rules] of storage.validationMetadatas) {
    const proto = (target as { prototype?: object }).prototype;
    if (!proto) continue;
    for (const rule of rules) {
      const apply = rule.name ? RULES[rule.name] : undefined;
      if (!apply || rule.each || rule.groups?.length) continue;
      const key = rule.propertyName;
      const current = Reflect.getMetadata(DECORATORS.API_MODEL_PROPERTIES, proto, key) as Limits | undefined;
      if (!current) continue;
      const derived = apply(rule.constraints ?? [], current);
      const merged: Limits = { ...current };
      for (const [k, v] of Object.entries(derived)) {
        if (k === 'type' || merged[k] === undefined) merged[k] = v;
      }
      // the limits of an array's items, or of an enum, belong to them and not to the array
      if (current.isArray && !['maxItems', 'minItems'].some((k) => k in derived)) continue;
      if (merged.enum && ('format' in derived || 'pattern' in derived || 'maxLength' in derived)) continue;
      Reflect.defineMetadata(DECORATORS.API_MODEL_PROPERTIES, merged, proto, key);
    }
  }
}
