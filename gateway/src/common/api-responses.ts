import type { Paged } from '@app/contracts';
import { applyDecorators, HttpStatus, RequestMethod, type Type } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import {
  ApiBadRequestResponse,
  ApiDefaultResponse,
  ApiExtraModels,
  ApiProperty,
  ApiResponse,
  ApiServiceUnavailableResponse,
  type ApiPropertyOptions,
  DECORATORS,
  getSchemaPath,
} from '@nestjs/swagger';
import type { ErrorBody } from './http-error.filter';

/** Every error the API answers, whatever its status. */
export class ErrorResponse implements ErrorBody {
  @ApiProperty({ example: 400, description: 'the HTTP status, repeated' }) statusCode!: number;
  @ApiProperty({ example: 'orderName must be a string', description: 'what went wrong, for a person to read' }) message!: string;
}

/**
 * The error answers every route may give, documented once per controller with the shared
 * `{ statusCode, message }` schema: 400 for input that breaks the route's rules, 503 when the
 * service behind it is down or too slow, and any other status (401, 403, 404, 409, 413, 429…)
 * with the same shape. Routes that need a sign-in add 401 and 403 themselves.
 */
export function ApiErrorResponses(): ClassDecorator {
  return applyDecorators(
    ApiExtraModels(ErrorResponse),
    ApiBadRequestResponse({ description: 'the input breaks a rule of the route; the message names the field', type: ErrorResponse }),
    ApiServiceUnavailableResponse({ description: 'the service behind the route is down or did not answer in time', type: ErrorResponse }),
    ApiDefaultResponse({ description: 'any other error (401, 403, 404, 409, 413, 429…)', type: ErrorResponse }),
  ) as ClassDecorator;
}

/**
 * A method decorator that only compiles on a method whose result is `T` (or a promise of it):
 * with the schema class implementing the contract's view, the documented body and the
 * answered one cannot drift apart.
 */
export type ResultDecorator<T> = <M extends (...args: never[]) => T | Promise<T>>(
  target: object,
  key: string | symbol,
  descriptor: TypedPropertyDescriptor<M>,
) => void;

type SchemaObject = Record<string, unknown>;

/** The status the route answers on success: its @HttpCode, else 201 for POST and 200 for the rest. */
function successStatus(handler: unknown): number {
  const method = Reflect.getMetadata(METHOD_METADATA, handler as object) as RequestMethod | undefined;
  if (method === undefined) {
    throw new Error('@ApiResult must sit above the route decorator (@Get, @Post…) and @HttpCode, which it reads');
  }
  const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler as object) as number | undefined;
  return code ?? (method === RequestMethod.POST ? HttpStatus.CREATED : HttpStatus.OK);
}

/** Error statuses the route's other decorators documented (401 and 403 of a sign-in) get the shared error schema. */
function typeErrorResponses(handler: object): void {
  const responses = Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) as Record<string, { type?: unknown; schema?: unknown }> | undefined;
  for (const [status, response] of Object.entries(responses ?? {})) {
    if (Number(status) >= 400 && !response.type && !response.schema) response.type = ErrorResponse;
  }
}

function describe(models: Type<unknown>[], schema: SchemaObject, description: string): ResultDecorator<never> {
  return (target, key, descriptor) => {
    const status = successStatus(descriptor.value);
    applyDecorators(ApiExtraModels(...models), ApiResponse({ status, description, schema }))(target, key, descriptor);
    typeErrorResponses(descriptor.value as object);
  };
}

/**
 * Documents the success answer of a route: `@ApiResult(OrderView)` for one object,
 * `@ApiResult([OrderView])` for an array. Put it above the route decorator.
 */
export function ApiResult<T>(type: [Type<T>], description?: string): ResultDecorator<T[]>;
export function ApiResult<T>(type: Type<T>, description?: string): ResultDecorator<T>;
export function ApiResult(type: Type<unknown> | [Type<unknown>], description = ''): ResultDecorator<unknown> {
  if (Array.isArray(type)) {
    return describe([type[0]], { type: 'array', items: { $ref: getSchemaPath(type[0]) } }, description) as ResultDecorator<unknown>;
  }
  return describe([type], { $ref: getSchemaPath(type) }, description) as ResultDecorator<unknown>;
}

/** Documents a success answer that is one of two shapes (`oneOf`). */
export function ApiResultOneOf<A, B>(a: Type<A>, b: Type<B>, description = ''): ResultDecorator<A | B> {
  return describe([a, b], { oneOf: [{ $ref: getSchemaPath(a) }, { $ref: getSchemaPath(b) }] }, description) as ResultDecorator<A | B>;
}

/**
 * Documents `[items, count]`, how spec section 7 answers some lists (the delivery queue's):
 * an array of two, this page's items and how many there are in all.
 */
export function ApiResultWithCount<T>(item: Type<T>, description = ''): ResultDecorator<[T[], number]> {
  return describe(
    [item],
    {
      type: 'array',
      minItems: 2,
      maxItems: 2,
      description: '[this page (10 rows), how many there are in all]',
      items: { oneOf: [{ type: 'array', items: { $ref: getSchemaPath(item) } }, { type: 'integer', minimum: 0 }] },
    },
    description,
  ) as ResultDecorator<[T[], number]>;
}

const pagedClasses = new Map<Type<unknown>, Type<unknown>>();

/**
 * The schema of a page of a list, `Paged<Item>` in the contract: one class per item type,
 * named `Paged<Item>` in the document (e.g. `PagedOrderListItem`).
 */
export function PagedOf<T>(item: Type<T>): Type<Paged<T>> {
  const known = pagedClasses.get(item);
  if (known) return known as Type<Paged<T>>;
  class PagedResult implements Paged<T> {
    items!: T[];
    total!: number;
    page!: number;
    pageSize!: number;
  }
  Object.defineProperty(PagedResult, 'name', { value: `Paged${item.name}` });
  const proto = PagedResult.prototype;
  ApiProperty({ type: item, isArray: true, description: 'this page' })(proto, 'items');
  ApiProperty({ type: 'integer', description: 'how many there are in all' })(proto, 'total');
  ApiProperty({ type: 'integer', minimum: 1, description: 'this page, from 1' })(proto, 'page');
  ApiProperty({ type: 'integer', example: 10, description: 'rows per page' })(proto, 'pageSize');
  pagedClasses.set(item, PagedResult);
  return PagedResult;
}

type PropOptions = { description?: string; nullable?: boolean; example?: unknown; required?: boolean };
type Values = readonly (string | number)[];

/**
 * The one form of "this named schema, or null" that every OpenAPI 3.0.3 reader takes as
 * nullable: `oneOf: [{ $ref }, { type, nullable: true, enum: [null] }]`. Under 3.0.3
 * `nullable` only adds null to the `type` beside it, so `nullable` beside a lone
 * `allOf: [$ref]` (what @ApiProperty writes for `{ type: SomeClass, nullable: true }`)
 * admits no null at all for a strict reader (ajv, openapi-backend), and without a `type`
 * it is not even valid (Redocly's nullable-type-sibling).
 */
export function nullableRef(target: Type<unknown> | NamedEnum, o: Omit<PropOptions, 'nullable'> = {}): PropertyDecorator {
  const isEnum = 'enumName' in target;
  const ref = isEnum ? `#/components/schemas/${target.enumName}` : getSchemaPath(target);
  const none = { type: isEnum ? enumType(target.values) : 'object', nullable: true, enum: [null] };
  const property = ApiProperty({ ...o, oneOf: [{ $ref: ref }, none] } as ApiPropertyOptions);
  return (proto, key) => {
    if (isEnum) NAMED_ENUMS.set(target.enumName, { type: enumType(target.values), enum: [...target.values] });
    else NULLABLE_MODELS.add(target);
    property(proto, key);
  };
}

/** A named enum of the document (`Route`, `UserStatus`) that a nullable reference points to. */
interface NamedEnum {
  enumName: string;
  values: Values;
}

const enumSchema = (values: Values, enumName: string): NamedEnum => ({ enumName, values });
const enumType = (values: Values): 'string' | 'number' => (values.every((v) => typeof v === 'number') ? 'number' : 'string');

/**
 * Named enums that nullable references point to. @ApiProperty writes a named enum into the
 * document only where a property uses it directly; the document's builder (openapi.ts) adds
 * those of this list that no property wrote.
 */
/** The classes nullable references point to: extra models of the document, as no property names them as its type. */
export const NULLABLE_MODELS = new Set<Type<unknown>>();

export const NAMED_ENUMS = new Map<string, { type: 'string' | 'number'; enum: (string | number)[] }>();

/**
 * Property decorators for response schema classes, so every field states its type, format
 * and nullability the same way (the document is what clients generate their types from).
 */
export const Field = {
  /** a uuid */
  id: (o: PropOptions = {}) => ApiProperty({ type: String, format: 'uuid', ...o }),
  string: (o: PropOptions = {}) => ApiProperty({ type: String, ...o }),
  /** an ISO 8601 date and time */
  dateTime: (o: PropOptions = {}) => ApiProperty({ type: String, format: 'date-time', ...o }),
  url: (o: PropOptions = {}) => ApiProperty({ type: String, format: 'uri', ...o }),
  int: (o: PropOptions = {}) => ApiProperty({ type: 'integer', ...o }),
  number: (o: PropOptions = {}) => ApiProperty({ type: Number, ...o }),
  bool: (o: PropOptions = {}) => ApiProperty({ type: Boolean, ...o }),
  /** always `true` when present: the answer of an action that has nothing else to say */
  yes: (o: PropOptions = {}) => ApiProperty({ type: Boolean, enum: [true], ...o }),
  /** one of a fixed list, a named enum in the document */
  oneOf: (values: Values, enumName: string, { nullable, ...o }: PropOptions = {}) =>
    nullable ? nullableRef(enumSchema(values, enumName), o) : ApiProperty({ enum: values as (string | number)[], enumName, ...o }),
  /** a list of one of a fixed list */
  oneOfList: (values: Values, enumName: string, o: PropOptions = {}) =>
    ApiProperty({ enum: values as (string | number)[], enumName, isArray: true, ...o }),
  strings: (o: PropOptions = {}) => ApiProperty({ type: String, isArray: true, ...o }),
  /** a nested object described by its own schema class */
  object: (type: Type<unknown>, { nullable, ...o }: PropOptions = {}) => (nullable ? nullableRef(type, o) : ApiProperty({ type, ...o })),
  list: (type: Type<unknown>, o: PropOptions = {}) => ApiProperty({ type, isArray: true, ...o }),
  /** free-form JSON object */
  json: ({ required, ...o }: PropOptions = {}) => ApiProperty({ type: 'object', additionalProperties: true, selfRequired: required ?? true, ...o }),
};

/** `{ deleted: true }` */
export class DeletedResult {
  @Field.yes() deleted!: true;
}

/** `{ sent: true }` */
export class SentResult {
  @Field.yes({ description: 'the mail went out' }) sent!: true;
}
