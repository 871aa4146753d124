import { formatValidationErrors } from '@app/contracts';
import { BadRequestException, ValidationPipe } from '@nestjs/common';

/** Request DTOs: unknown fields rejected, types converted, one message naming each field. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    transformOptions: { enableImplicitConversion: false },
    exceptionFactory: (errors) => new BadRequestException(formatValidationErrors(errors)),
  });
}
