import { defineRoute, DeletedResult, Field, oneOf, pagedOf, PagedOf, withCount } from '@app/contracts';
import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, HTTP_CODE_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DECORATORS } from '@nestjs/swagger';
import { ACCESS_RULE, AccessGuard, JwtAuthGuard, OptionalJwtAuthGuard } from '../auth/authenticated.decorator';
import { RobotKeyGuard } from '../delivery/robot-key.guard';
import { ErrorResponse } from './api-responses';
import { Operation } from './operation.decorator';

class Thing {
  @Field.id() id!: string;
}

class Challenge {
  @Field.string() challenge!: string;
}

const ThingRoutes = {
  get: defineRoute({ method: 'GET', path: '/things/:id', access: { roles: ['Admin'], permission: 'READ_THINGS' }, result: Thing, summary: 'One thing' }),
  list: defineRoute({ method: 'GET', path: '/things', access: 'public', result: pagedOf(Thing), summary: 'Things' }),
  pick: defineRoute({ method: 'POST', path: '/things/:id/pick', status: 200, access: 'optional-session', result: [Thing], summary: 'Pick', description: 'Picks it.' }),
  remove: defineRoute({ method: 'DELETE', path: '/things/:id', access: {}, result: DeletedResult, resultDescription: 'gone', summary: 'Remove' }),
  queue: defineRoute({ method: 'GET', path: '/things/queue', access: {}, result: withCount(Thing), summary: 'Queue' }),
  take: defineRoute({ method: 'POST', path: '/robot/things/take', status: 200, access: 'robot-key', result: Thing, summary: 'Take' }),
  open: defineRoute({ method: 'POST', path: '/things/open', status: 200, access: 'public', result: oneOf(Thing, Challenge), summary: 'Open' }),
};

class ThingsController {
  @Operation(ThingRoutes.get)
  get(): Thing {
    return { id: 'x' };
  }

  @Operation(ThingRoutes.list)
  list() {
    return { items: [], total: 0, page: 1, pageSize: 10 };
  }

  @Operation(ThingRoutes.pick)
  async pick(): Promise<Thing[]> {
    return [];
  }

  @Operation(ThingRoutes.remove)
  remove(): DeletedResult {
    return { deleted: true };
  }

  @Operation(ThingRoutes.queue)
  queue(): [Thing[], number] {
    return [[], 0];
  }

  @Operation(ThingRoutes.take)
  take(): Thing {
    return { id: 'x' };
  }

  @Operation(ThingRoutes.open)
  open(): Thing | Challenge {
    return { challenge: 'NEW_PASSWORD_REQUIRED' };
  }
}

const meta = (key: string | symbol, handler: unknown): unknown => Reflect.getMetadata(key, handler as object);
type Responses = Record<string, { type?: unknown; description?: string; schema?: Record<string, unknown> }>;
const { get, list, pick, remove, queue, take, open } = ThingsController.prototype;

describe('@Operation: a route value becomes the routing, the guards and the document', () => {
  it('routes the method and the full path', () => {
    expect(meta(METHOD_METADATA, get)).toBe(RequestMethod.GET);
    expect(meta(PATH_METADATA, get)).toBe('/things/:id');
    expect(meta(METHOD_METADATA, pick)).toBe(RequestMethod.POST);
    expect(meta(METHOD_METADATA, remove)).toBe(RequestMethod.DELETE);
  });

  it('guards an access rule with the token and the rule; optional-session with its own guard; public with none', () => {
    expect(meta(GUARDS_METADATA, get)).toEqual([JwtAuthGuard, AccessGuard]);
    expect(meta(ACCESS_RULE, get)).toEqual({ roles: ['Admin'], permission: 'READ_THINGS' });
    expect(meta(GUARDS_METADATA, pick)).toEqual([OptionalJwtAuthGuard]);
    expect(meta(GUARDS_METADATA, list)).toBeUndefined();
  });

  it('answers its status: the given one (with @HttpCode), else 201 for POST and 200 for the rest', () => {
    expect(meta(HTTP_CODE_METADATA, pick)).toBe(200);
    expect(meta(HTTP_CODE_METADATA, get)).toBeUndefined();
    expect(Object.keys(meta(DECORATORS.API_RESPONSE, pick) as Responses)).toEqual(['200']);
    expect(Object.keys(meta(DECORATORS.API_RESPONSE, get) as Responses).sort()).toEqual(['200', '401', '403']);
  });

  it('documents the result: one object, an array, a page, with the shared error schema on 401 and 403', () => {
    const got = meta(DECORATORS.API_RESPONSE, get) as Responses;
    expect(got['200']!.schema).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(got['401']!.type).toBe(ErrorResponse);
    expect((meta(DECORATORS.API_RESPONSE, pick) as Responses)['200']!.schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Thing' } });
    expect((meta(DECORATORS.API_RESPONSE, list) as Responses)['200']!.schema).toEqual({ $ref: '#/components/schemas/PagedThing' });
    expect((meta(DECORATORS.API_RESPONSE, remove) as Responses)['200']!.description).toBe('gone');
  });

  it('gives the summary and description to the document', () => {
    expect(meta(DECORATORS.API_OPERATION, pick)).toMatchObject({ summary: 'Pick', description: 'Picks it.' });
    expect(meta(DECORATORS.API_OPERATION, get)).toMatchObject({ summary: 'One thing' });
  });

  it("guards 'robot-key' with the robot key's guard alone, documenting its scheme, 401 and 429", () => {
    expect(meta(GUARDS_METADATA, take)).toEqual([RobotKeyGuard]);
    expect(meta(DECORATORS.API_SECURITY, take)).toEqual([{ 'robot-key': [] }]);
    const got = meta(DECORATORS.API_RESPONSE, take) as Responses;
    expect(Object.keys(got).sort()).toEqual(['200', '401', '429']);
    expect(got['429']!.type).toBe(ErrorResponse);
  });

  it('documents withCount(Class) as [items, count]', () => {
    expect((meta(DECORATORS.API_RESPONSE, queue) as Responses)['200']!.schema).toEqual({
      type: 'array',
      minItems: 2,
      maxItems: 2,
      description: '[this page (10 rows), how many there are in all]',
      items: { oneOf: [{ type: 'array', items: { $ref: '#/components/schemas/Thing' } }, { type: 'integer', minimum: 0 }] },
    });
  });

  it('documents oneOf(A, B) as one of the two schemas', () => {
    expect((meta(DECORATORS.API_RESPONSE, open) as Responses)['200']!.schema).toEqual({
      oneOf: [{ $ref: '#/components/schemas/Thing' }, { $ref: '#/components/schemas/Challenge' }],
    });
  });

  it('names a page of a list after its items, one class per item type', () => {
    expect(PagedOf(Thing).name).toBe('PagedThing');
    expect(PagedOf(Thing)).toBe(PagedOf(Thing));
  });
});
