/**
 * The building blocks of response schema classes: the `Field` property decorators (every field
 * states its type, format and nullability the same way), a page of a list (`PagedOf`) and the
 * small shared answers. They live in the contracts so that a schema class is THE declaration
 * of its shape: the gateway documents it, the services and the web app use its type.
 *
 * Only @nestjs/swagger's property decorators are used; the web build resolves that package to
 * its no-op shim (web/vite/contract-shims.ts), so these classes cost the browser next to nothing.
 */
import { ApiProperty, getSchemaPath, type ApiPropertyOptions } from '@nestjs/swagger';
import type { Class } from '../rpc';
import type { Paged } from '../wire/paging';

const pagedClasses = new Map<Class<unknown>, Class<unknown>>();

/**
 * The schema of a page of a list, `Paged<Item>` in the contract: one class per item type,
 * named `Paged<Item>` in the document (e.g. `PagedOrderListItem`).
 */
export function PagedOf<T>(item: Class<T>): Class<Paged<T>> {
  const known = pagedClasses.get(item);
  if (known) return known as Class<Paged<T>>;
  class PagedResult implements Paged<T> {
    items!: T[];
    total!: number;
    page!: number;
    pageSize!: number;
  }
  // the item's name in the document (its @ApiSchema name, when it has one)
  Object.defineProperty(PagedResult, 'name', { value: `Paged${getSchemaPath(item).split('/').pop()}` });
  const proto = PagedResult.prototype;
  ApiProperty({ type: item, isArray: true, description: 'this page' })(proto, 'items');
  ApiProperty({ type: 'integer', description: 'how many there are in all' })(proto, 'total');
  ApiProperty({ type: 'integer', minimum: 1, description: 'this page, from 1' })(proto, 'page');
  ApiProperty({ type: 'integer', example: 10, description: 'rows per page' })(proto, 'pageSize');
  pagedClasses.set(item, PagedResult);
  return PagedResult;
}

type PropOptions = { description?: string; nullable?: boolean; example?: unknown; required?: boolean; default?: unknown };
type Values = readonly (string | number)[];

/**
 * The one form of "this named schema, or null" that every OpenAPI 3.0.3 reader takes as
 * nullable: `oneOf: [{ $ref }, { type, nullable: true, enum: [null] }]`. Under 3.0.3
 * `nullable` only adds null to the `type` beside it, so `nullable` beside a lone
 * `allOf: [$ref]` (what @ApiProperty writes for `{ type: SomeClass, nullable: true }`)
 * admits no null at all for a strict reader (ajv, openapi-backend), and without a `type`
 * it is not even valid (Redocly's nullable-type-sibling).
 */
export function nullableRef(target: Class<unknown> | NamedEnum, o: Omit<PropOptions, 'nullable'> = {}): PropertyDecorator {
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
export const NULLABLE_MODELS = new Set<Class<unknown>>();

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
  object: (type: Class<unknown>, { nullable, ...o }: PropOptions = {}) => (nullable ? nullableRef(type, o) : ApiProperty({ type, ...o })),
  list: (type: Class<unknown>, o: PropOptions = {}) => ApiProperty({ type, isArray: true, ...o }),
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
