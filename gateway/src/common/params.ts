import { BadRequestException, Param, ParseIntPipe, ParseUUIDPipe } from '@nestjs/common';

/** The check of a UUID path parameter: 400 "<name> must be a UUID" otherwise. */
export const uuidParamPipe = (name: string): ParseUUIDPipe =>
  new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(`${name} must be a UUID`) });

/** The check of a page number path parameter: 400 "<name> must be a whole number of at least 1" otherwise. */
export const pageParamPipe = (name: string): ParseIntPipe =>
  new ParseIntPipe({
    exceptionFactory: () => new BadRequestException(`${name} must be a whole number of at least 1`),
  });

/** A path parameter that must be a UUID: 400 "<name> must be a UUID" otherwise. */
export const UuidParam = (name: string): ParameterDecorator => Param(name, uuidParamPipe(name));

/** A path parameter that must be a positive page number. */
export const PageParam = (name: string): ParameterDecorator => Param(name, pageParamPipe(name));
