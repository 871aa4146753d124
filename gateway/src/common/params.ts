import { BadRequestException, Param, ParseIntPipe, ParseUUIDPipe } from '@nestjs/common';

/** A path parameter that must be a UUID: 400 "<name> must be a UUID" otherwise. */
export const UuidParam = (name: string): ParameterDecorator =>
  Param(name, new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(`${name} must be a UUID`) }));

/** A path parameter that must be a positive page number. */
export const PageParam = (name: string): ParameterDecorator =>
  Param(
    name,
    new ParseIntPipe({
      exceptionFactory: () => new BadRequestException(`${name} must be a whole number of at least 1`),
    }),
  );
