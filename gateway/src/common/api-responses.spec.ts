import { Get, HttpCode, Post } from '@nestjs/common';
import { ApiUnauthorizedResponse, DECORATORS } from '@nestjs/swagger';
import { ApiResult, DeletedResult, ErrorResponse, Field, PagedOf } from './api-responses';

class Thing {
  @Field.id() id!: string;
}

type Responses = Record<string, { type?: unknown; schema?: Record<string, unknown> }>;
const responsesOf = (handler: unknown): Responses => Reflect.getMetadata(DECORATORS.API_RESPONSE, handler as object) as Responses;

describe('@ApiResult documents what a route answers on success', () => {
  class Routes {
    @ApiResult(Thing)
    @Get()
    read(): Thing {
      return { id: 'x' };
    }

    @ApiResult([Thing])
    @Post()
    create(): Thing[] {
      return [];
    }

    @ApiResult(DeletedResult)
    @Post('delete')
    @HttpCode(200)
    @ApiUnauthorizedResponse({ description: 'not signed in' })
    remove(): DeletedResult {
      return { deleted: true };
    }
  }

  it('under the status the route answers: 200 for GET, 201 for POST, its @HttpCode when it has one', () => {
    expect(Object.keys(responsesOf(Routes.prototype.read))).toEqual(['200']);
    expect(Object.keys(responsesOf(Routes.prototype.create))).toEqual(['201']);
    expect(responsesOf(Routes.prototype.remove)).toHaveProperty('200');
  });

  it('as a reference to the schema class, or an array of it', () => {
    expect(responsesOf(Routes.prototype.read)['200'].schema).toEqual({ $ref: '#/components/schemas/Thing' });
    expect(responsesOf(Routes.prototype.create)['201'].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Thing' } });
  });

  it('gives the error statuses other decorators documented the shared { statusCode, message } schema', () => {
    expect(responsesOf(Routes.prototype.remove)['401'].type).toBe(ErrorResponse);
  });

  it('refuses to sit below the route decorator, where it could not read the status', () => {
    expect(() => {
      class Misplaced {
        @Get()
        @ApiResult(Thing)
        read(): Thing {
          return { id: 'x' };
        }
      }
      return Misplaced;
    }).toThrow('@ApiResult must sit above the route decorator');
  });

  it('names a page of a list after its items, one class per item type', () => {
    expect(PagedOf(Thing).name).toBe('PagedThing');
    expect(PagedOf(Thing)).toBe(PagedOf(Thing));
  });
});
