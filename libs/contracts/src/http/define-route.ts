import type { Class } from '../rpc';
import type { AccessRule } from '../wire/access';
import type { Paged } from '../wire/paging';

/**
 * One HTTP operation, declared once: its method and path, who may call it, what it takes and
 * what it answers. The gateway's `@Operation(route)` turns it into Nest routing, the guards and
 * the OpenAPI text; the web app's `api.call(route, …)` takes its URL and types from it. Like
 * `RpcDef`, the value carries the TypeScript types of params, query, body and result as phantom
 * fields (never set at run time).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call it:
 * - an `AccessRule` (`{}` for every signed-in role): a valid access token, then the rule (403);
 * - `'public'`: no sign-in, no token read (sign-in, refresh, health);
 * - `'optional-session'`: anonymous without an `Authorization` header, a valid token with one;
 * - `'robot-key'`: a robot's key in the `X-Robot-Key` header, no user token (the robot pull API).
 */
export type RouteAccess = AccessRule | 'public' | 'optional-session' | 'robot-key';

/** The answer is a page of a list: `{ items, total, page, pageSize }` of this class. */
export interface PagedResult<T> {
  readonly paged: Class<T>;
}

/** `result: pagedOf(OrderListItem)`: the answer is `Paged<OrderListItem>`. */
export const pagedOf = <T>(item: Class<T>): PagedResult<T> => ({ paged: item });

/** The answer is `[items, count]` of this class (the delivery queue's list, spec section 7). */
export interface WithCountResult<T> {
  readonly withCount: Class<T>;
}

/** `result: withCount(DeliveryMessageView)`: the answer is `[DeliveryMessageView[], number]`. */
export const withCount = <T>(item: Class<T>): WithCountResult<T> => ({ withCount: item });

/** The answer is an object of one of two classes (sign-in: signed in, or a challenge to answer first). */
export interface OneOfResult<A, B> {
  readonly oneOf: readonly [Class<A>, Class<B>];
}

/** `result: oneOf(SignedInResult, NewPasswordChallenge)`: the answer is `SignedInResult | NewPasswordChallenge`. */
export const oneOf = <A, B>(a: Class<A>, b: Class<B>): OneOfResult<A, B> => ({ oneOf: [a, b] });

/** What a route answers: one object of the class, an array of it, a page of it, one of two classes, or no body (`null`). */
export type ResultSpec = Class<unknown> | readonly [Class<unknown>] | PagedResult<unknown> | WithCountResult<unknown> | OneOfResult<unknown, unknown> | null;

/**
 * A schema class standing for a type it cannot spell, such as a union keyed by a field (a class
 * cannot be a union): the document shows the class, the route answers `T`.
 */
export const documentedBy = <T>(schema: Class<unknown>): Class<T> => schema as Class<T>;

/** The TypeScript type of what a `ResultSpec` answers. */
export type ResultOfSpec<S> = S extends null
  ? void
  : S extends PagedResult<infer T>
    ? Paged<T>
    : S extends WithCountResult<infer T>
    ? [T[], number]
    : S extends OneOfResult<infer A, infer B>
    ? A | B
    : S extends readonly [Class<infer T>]
      ? T[]
      : S extends Class<infer T>
        ? T
        : never;

/** The `:name` parts of a path: `'/orders/:id/qa/pick'` gives `'id'`. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** `{ id: string }` for `'/orders/:id'`; `undefined` for a path without parameters. */
export type PathParams<P extends string> = [PathParamNames<P>] extends [never] ? undefined : { [K in PathParamNames<P>]: string };

/** How the document describes a path parameter beyond "a string" (a fixed list of values). */
export interface ParamDoc {
  enum?: readonly string[];
  description?: string;
  /** the string's format in the document (`'uuid'`) */
  format?: 'uuid';
}

export interface RouteDef<Path extends string = string, Q = unknown, B = unknown, R = unknown> {
  readonly method: HttpMethod;
  /** from the API root (`/api` is the gateway's global prefix): `'/orders/:id'` */
  readonly path: Path;
  readonly access: RouteAccess;
  /** extra documentation of path parameters; every `:name` is a parameter whether listed or not */
  readonly params?: { readonly [K in PathParamNames<Path>]?: ParamDoc };
  /** the query class (validated by the gateway, typed for the web app) */
  readonly query: Class<Q> | null;
  /** the body class */
  readonly body: Class<B> | null;
  readonly result: ResultSpec;
  /** what the success answer is, for the document (`'the new order'`) */
  readonly resultDescription?: string;
  /** the success status when it is not the default (201 for POST, 200 for the rest) */
  readonly status?: number;
  readonly summary: string;
  readonly description?: string;
  /**
   * A POST or PATCH the server makes safe to repeat: a repeat answers what the first did and
   * changes nothing more. Clients send such a call again after no answer or a 502/503/504, as
   * they do GET, PUT and DELETE (./retry-policy.ts); any other POST is never repeated.
   */
  readonly idempotent?: true;
  /** never set: carry the types */
  readonly __query?: Q;
  readonly __body?: B;
  readonly __result?: R;
}

export interface RouteInit<Path extends string, Q, B, S extends ResultSpec> {
  method: HttpMethod;
  path: Path;
  access: RouteAccess;
  params?: { [K in PathParamNames<Path>]?: ParamDoc };
  query?: Class<Q>;
  body?: Class<B>;
  result: S;
  resultDescription?: string;
  status?: number;
  summary: string;
  description?: string;
  idempotent?: true;
}

/**
 * Declares an HTTP operation. Group an area's routes in one object (`OrdersRoutes`) and add it
 * to `Routes` in ./index.ts.
 *
 * @example
 * export const OrdersRoutes = {
 *   get: defineRoute({
 *     method: 'GET', path: '/orders/:id', access: { roles: ALL_ROLES },
 *     result: OrderView, summary: 'One order with its counts, tags and delivery times',
 *   }),
 * };
 */
export function defineRoute<Path extends string, S extends ResultSpec, Q = undefined, B = undefined>(
  init: RouteInit<Path, Q, B, S>,
): RouteDef<Path, Q, B, ResultOfSpec<S>> {
  if (!init.path.startsWith('/')) throw new Error(`a route path starts with /: ${init.path}`);
  return { ...init, query: init.query ?? null, body: init.body ?? null } as RouteDef<Path, Q, B, ResultOfSpec<S>>;
}

/** A route's types, for code that takes any route (`api.call`). */
export type RoutePath<D> = D extends RouteDef<infer P, unknown, unknown, unknown> ? P : never;
export type RouteQuery<D> = D extends RouteDef<string, infer Q, unknown, unknown> ? Q : never;
export type RouteBody<D> = D extends RouteDef<string, unknown, infer B, unknown> ? B : never;
export type RouteResult<D> = D extends RouteDef<string, unknown, unknown, infer R> ? R : never;

/** Every signed-in role: `access: { roles: ALL_ROLES }`. */
export const ALL_ROLES = ['Admin', 'QA', 'Dealership', 'Management'] as const;

/** The path with its `:name` parameters filled in (URI-encoded). */
export function routeUrl(path: string, params: Record<string, string> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}
