import { findUnsafeText, formatValidationErrors } from '@app/contracts';
import { BadRequestException, ValidationPipe, type ArgumentMetadata } from '@nestjs/common';

/**
 * Request DTOs: unknown fields rejected, types converted, one message naming each field.
 * Before that, every string of the body, the query and the path parameters (keys too) is
 * looked at for text no store can keep: a NUL character or an unpaired surrogate is 400
 * naming the field, never a 500 from PostgreSQL.
 */
class RequestValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (metadata.type === 'body' || metadata.type === 'query' || metadata.type === 'param') {
      const problem = findUnsafeText(value, metadata.data ?? '');
      if (problem) throw new BadRequestException(problem);
    }
    return super.transform(value, metadata);
  }
}

export function createValidationPipe(): ValidationPipe {
  return new RequestValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => new BadRequestException(formatValidationErrors(errors)),
  });
}
