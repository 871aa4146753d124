import { PagedOf, type ParamDoc, type RouteDef } from '@app/contracts';
import { applyDecorators, HttpCode, HttpStatus, RequestMapping, RequestMethod, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiExtension,
  ApiOperation,
  ApiParam,
  ApiResponse,
  ApiSecurity,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
  getSchemaPath,
} from '@nestjs/swagger';
import { Authenticated, OptionalJwtAuthGuard } from '../auth/authenticated.decorator';
import { RobotKeyGuard } from '../delivery/robot-key.guard';
import { ErrorResponse, typeErrorResponses } from './api-responses';

const METHODS = {
  GET: RequestMethod.GET,
  POST: RequestMethod.POST,
  PUT: RequestMethod.PUT,
  PATCH: RequestMethod.PATCH,
  DELETE: RequestMethod.DELETE,
} as const;

type Schema = Record<string, unknown>;

/** The OpenAPI schema of a route's success answer, and the classes it names. */
function resultSchema(result: RouteDef['result']): { models: Function[]; schema: Schema } | null {
  if (result === null) return null;
  if (Array.isArray(result)) {
    const [item] = result as readonly [Function];
    return { models: [item], schema: { type: 'array', items: { $ref: getSchemaPath(item) } } };
  }
  if (typeof result === 'object' && 'paged' in result) {
    // PagedOf: one named class per item type (`PagedOrderListItem`)
    const page = PagedOf(result.paged);
    return { models: [page], schema: { $ref: getSchemaPath(page) } };
  }
  if (typeof result === 'object' && 'withCount' in result) {
    // `[items, count]`: an array of two, this page's items and how many there are in all
    const item = result.withCount as Function;
    return {
      models: [item],
      schema: {
        type: 'array',
        minItems: 2,
        maxItems: 2,
        description: '[this page (10 rows), how many there are in all]',
        items: { oneOf: [{ type: 'array', items: { $ref: getSchemaPath(item) } }, { type: 'integer', minimum: 0 }] },
      },
    };
  }
  if (typeof result === 'object' && 'oneOf' in result) {
    const classes = [...result.oneOf] as Function[];
    return { models: classes, schema: { oneOf: classes.map((c) => ({ $ref: getSchemaPath(c) })) } };
  }
  return { models: [result as Function], schema: { $ref: getSchemaPath(result as Function) } };
}

/**
 * The whole gateway side of an HTTP operation, from its route value (`@app/contracts/http`):
 * - Nest routing: the route's method and path. The path is the full path under `/api`, so a
 *   converted controller is `@Controller()` with no prefix;
 * - access: `@Authenticated(rule)` (JWT + the shared `meets` rule, 401 and 403 documented),
 *   the optional-session guard, the robot-key guard (401, 429 documented), or nothing for `'public'`;
 * - `@ApiOperation({ summary, description })`, `@ApiParam` for the documented path parameters;
 * - the success answer in the document (status: `status`, else 201 for POST and 200 for the
 *   rest) and `@HttpCode(status)` when the route gives one.
 *
 * The handler keeps only its parameters and the forwarding line:
 * `@Operation(Routes.orders.get) get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) { … }`.
 * Parameter decorators (`@Body()`, `@Query()`, `@UuidParam`) stay on the handler: they are the
 * Nest half of `body`/`query`/`params`, and the compiler checks the handler returns the result.
 */
export function Operation<R>(route: RouteDef<string, unknown, unknown, R>) {
  const decorators: Array<MethodDecorator> = [];
  decorators.push(ApiOperation({ summary: route.summary, ...(route.description === undefined ? {} : { description: route.description }) }));
  // a POST the server makes safe to repeat: clients send it again as they do a GET (retry-policy.ts)
  if (route.idempotent) decorators.push(ApiExtension('x-idempotent', true));
  for (const [name, doc] of Object.entries(route.params ?? {}) as Array<[string, ParamDoc]>) {
    decorators.push(
      ApiParam({
        name,
        ...(doc.format ? { format: doc.format } : {}),
        ...(doc.enum ? { enum: [...doc.enum] } : {}),
        ...(doc.description ? { description: doc.description } : {}),
      }),
    );
  }
  if (route.access === 'optional-session') {
    // a sign-in is optional: OpenAPI says so with an empty requirement beside the bearer one
    decorators.push(ApiBearerAuth(), ApiSecurity({}), UseGuards(OptionalJwtAuthGuard));
  } else if (route.access === 'robot-key') {
    decorators.push(
      ApiSecurity('robot-key'),
      ApiUnauthorizedResponse({ description: 'no robot key, or one that is not valid', type: ErrorResponse }),
      ApiTooManyRequestsResponse({ description: 'too many wrong robot keys from this client: wait the seconds of `Retry-After`', type: ErrorResponse }),
      UseGuards(RobotKeyGuard),
    );
  } else if (route.access !== 'public') {
    decorators.push(Authenticated(route.access));
  }
  if (route.status !== undefined) decorators.push(HttpCode(route.status));
  decorators.push(RequestMapping({ path: route.path, method: METHODS[route.method] }));
  const result = resultSchema(route.result);
  const status = route.status ?? (route.method === 'POST' ? HttpStatus.CREATED : HttpStatus.OK);
  if (result) {
    decorators.push(ApiExtraModels(...result.models), ApiResponse({ status, description: route.resultDescription ?? '', schema: result.schema }));
  } else {
    decorators.push(ApiResponse({ status, description: route.resultDescription ?? 'no body' }));
  }
  const applied = applyDecorators(...decorators);
  return <M extends (...args: never[]) => R | Promise<R>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    applied(target, key, descriptor);
    typeErrorResponses(descriptor.value as object);
  };
}
