import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUUID, Length, MaxLength, ValidateNested } from 'class-validator';
import { PageQuery } from '../paging';
import type { Paged } from '../wire';
import { defineRpc } from '../rpc';
import { IsPhone, IsPlainEmail } from './validators';
import { IsOmittable } from '../validation';
import { trim, trimLower } from '../transforms';
import type { Mirror } from '../mirror';
import {
  SALES_PERSON_EMAIL_MAX,
  SALES_PERSON_NAME_MAX,
  SALES_PERSON_NAME_MIN,
  SALES_PERSON_PHONE_MAX,
  type CreateSalesPeopleRequest,
  type SalesPersonRequest,
  type SalesPersonView,
} from '../wire';

/** A sales person as entered: name of 3+, a plain e-mail, a phone. */
export class SalesPersonInput implements SalesPersonRequest {
  @ApiProperty({ minLength: SALES_PERSON_NAME_MIN })
  @Transform(trim)
  @IsString()
  @Length(SALES_PERSON_NAME_MIN, SALES_PERSON_NAME_MAX)
  name!: string;
  @ApiProperty() @Transform(trimLower) @IsPlainEmail() @MaxLength(SALES_PERSON_EMAIL_MAX) email!: string;
  @ApiProperty() @Transform(trim) @IsPhone() @MaxLength(SALES_PERSON_PHONE_MAX) phone!: string;
}

export class SalesPersonPatch implements Partial<SalesPersonRequest> {
  @ApiPropertyOptional({ minLength: SALES_PERSON_NAME_MIN })
  @IsOmittable()
  @Transform(trim)
  @IsString()
  @Length(SALES_PERSON_NAME_MIN, SALES_PERSON_NAME_MAX)
  name?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trimLower) @IsPlainEmail() @MaxLength(SALES_PERSON_EMAIL_MAX) email?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsPhone() @MaxLength(SALES_PERSON_PHONE_MAX) phone?: string;
}

export class CreateSalesPeopleBody implements CreateSalesPeopleRequest {
  @ApiProperty({ description: 'the dealership account' }) @IsUUID() userId!: string;

  @ApiProperty({ type: [SalesPersonInput] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => SalesPersonInput)
  salesMan!: SalesPersonInput[];
}

export type SalesPeopleBodiesMirrored = [
  Mirror<SalesPersonInput, SalesPersonRequest>,
  Mirror<SalesPersonPatch, Partial<SalesPersonRequest>>,
  Mirror<CreateSalesPeopleBody, CreateSalesPeopleRequest>,
];

export class SalesPersonIdPayload {
  @IsUUID()
  id!: string;
}

export class UpdateSalesPersonPayload extends SalesPersonPatch {
  @IsUUID()
  id!: string;
}

export class SalesPeopleOfUserPayload extends PageQuery {
  @IsUUID()
  userId!: string;
}

export const SalesPeopleRpc = {
  get: defineRpc<SalesPersonIdPayload, SalesPersonView>('users', 'salesmen.get', SalesPersonIdPayload),
  pageOfUser: defineRpc<SalesPeopleOfUserPayload, Paged<SalesPersonView>>('users', 'salesmen.page', SalesPeopleOfUserPayload),
  allOfUser: defineRpc<SalesPeopleOfUserPayload, SalesPersonView[]>('users', 'salesmen.all', SalesPeopleOfUserPayload),
  create: defineRpc<CreateSalesPeopleBody, SalesPersonView[]>('users', 'salesmen.create', CreateSalesPeopleBody),
  update: defineRpc<UpdateSalesPersonPayload, SalesPersonView>('users', 'salesmen.update', UpdateSalesPersonPayload),
  delete: defineRpc<SalesPersonIdPayload, { deleted: true }>('users', 'salesmen.delete', SalesPersonIdPayload),
  activate: defineRpc<SalesPersonIdPayload, SalesPersonView>('users', 'salesmen.activate', SalesPersonIdPayload),
  resendPassword: defineRpc<SalesPersonIdPayload, { sent: true }>('users', 'salesmen.resend-password', SalesPersonIdPayload),
  /** how many sales people the account has (404 when the actor may not read the account) */
  countOfUser: defineRpc<SalesPeopleOfUserPayload, { salesManCount: number }>('users', 'salesmen.count', SalesPeopleOfUserPayload),
};
