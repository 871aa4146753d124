import { BadRequestException, Param, ParseUUIDPipe, type PipeTransform } from '@nestjs/common';

/** The check of a UUID path parameter: 400 "<name> must be a UUID" otherwise. */
export const uuidParamPipe = (name: string): ParseUUIDPipe =>
  new ParseUUIDPipe({ exceptionFactory: () => new BadRequestException(`${name} must be a UUID`) });

/** The check of a page number path parameter: 400 "<name> must be a whole number of at least 1" otherwise. */
export const pageParamPipe = (name: string): PipeTransform<string, number> => ({
  transform(value: string): number {
    const page = /^[0-9]{1,9}$/.test(value) ? Number(value) : 0;
    if (page < 1) throw new BadRequestException(`${name} must be a whole number of at least 1`);
    return page;
  },
});

/** A path parameter that must be a UUID: 400 "<name> must be a UUID" otherwise. */
export const UuidParam = (name: string): ParameterDecorator => Param(name, uuidParamPipe(name));

/** A path parameter that must be a positive page number. */
export const PageParam = (name: string): ParameterDecorator => Param(name, pageParamPipe(name));
