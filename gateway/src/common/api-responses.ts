import { applyDecorators } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiDefaultResponse,
  ApiExtraModels,
  ApiProperty,
  ApiServiceUnavailableResponse,
  DECORATORS,
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

/** Error statuses the route's other decorators documented (401 and 403 of a sign-in) get the shared error schema. */
export function typeErrorResponses(handler: object): void {
  const responses = Reflect.getMetadata(DECORATORS.API_RESPONSE, handler) as Record<string, { type?: unknown; schema?: unknown }> | undefined;
  for (const [status, response] of Object.entries(responses ?? {})) {
    if (Number(status) >= 400 && !response.type && !response.schema) response.type = ErrorResponse;
  }
}
