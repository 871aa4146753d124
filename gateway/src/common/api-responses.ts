import type { Class } from '@app/contracts';
import { applyDecorators, HttpStatus, RequestMethod } from '@nestjs/common';
import { HTTP_CODE_METADATA, METHOD_METADATA } from '@nestjs/common/constants';
import {
  ApiBadRequestResponse,
  ApiDefaultResponse,
  ApiExtraModels,
  ApiProperty,
  ApiResponse,
  ApiServiceUnavailableResponse,
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
export function typeErrorResponses(handler: object): void {
  const responses = Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) as Record<string, { type?: unknown; schema?: unknown }> | undefined;
  for (const [status, response] of Object.entries(responses ?? {})) {
    if (Number(status) >= 400 && !response.type && !response.schema) response.type = ErrorResponse;
  }
}

function describe(models: Class<unknown>[], schema: SchemaObject, description: string): ResultDecorator<never> {
  return (target, key, descriptor) => {
    const status = successStatus(descriptor.value);
    applyDecorators(ApiExtraModels(...(models as Function[])), ApiResponse({ status, description, schema }))(target, key, descriptor);
    typeErrorResponses(descriptor.value as object);
  };
}

/**
 * Documents the success answer of a route: `@ApiResult(OrderView)` for one object,
 * `@ApiResult([OrderView])` for an array. Put it above the route decorator.
 */
export function ApiResult<T>(type: [Class<T>], description?: string): ResultDecorator<T[]>;
export function ApiResult<T>(type: Class<T>, description?: string): ResultDecorator<T>;
export function ApiResult(type: Class<unknown> | [Class<unknown>], description = ''): ResultDecorator<unknown> {
  if (Array.isArray(type)) {
    return describe([type[0]], { type: 'array', items: { $ref: getSchemaPath(type[0]) } }, description) as ResultDecorator<unknown>;
  }
  return describe([type], { $ref: getSchemaPath(type) }, description) as ResultDecorator<unknown>;
}

/** Documents a success answer that is one of two shapes (`oneOf`). */
export function ApiResultOneOf<A, B>(a: Class<A>, b: Class<B>, description = ''): ResultDecorator<A | B> {
  return describe([a, b], { oneOf: [{ $ref: getSchemaPath(a) }, { $ref: getSchemaPath(b) }] }, description) as ResultDecorator<A | B>;
}

/**
 * Documents `[items, count]`, how spec section 7 answers some lists (the delivery queue's):
 * an array of two, this page's items and how many there are in all.
 */
export function ApiResultWithCount<T>(item: Class<T>, description = ''): ResultDecorator<[T[], number]> {
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

// The schema building blocks moved to the contracts (`@app/contracts/http`); named here too
// so that the areas not yet converted keep importing them from this file.
export { DeletedResult, Field, NAMED_ENUMS, NULLABLE_MODELS, nullableRef, PagedOf, SentResult } from '@app/contracts';
