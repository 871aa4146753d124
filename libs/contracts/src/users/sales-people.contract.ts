import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import { ArrayMaxSize, ArrayMinSize, IsArray, IsString, IsUUID, Length, MaxLength, ValidateNested } from 'class-validator';
import { PageQuery, type Paged } from '../paging';
import { defineRpc } from '../rpc';
import type { UserStatus } from './users.contract';
import { IsPhone, IsPlainEmail } from './validators';
import { IsOmittable } from '../validation';
import { trim, trimLower } from '../transforms';


/** A sales person as entered: name of 3+, a plain e-mail, a phone. */
export class SalesPersonInput {
  @ApiProperty({ minLength: 3 }) @Transform(trim) @IsString() @Length(3, 100) name!: string;
  @ApiProperty() @Transform(trimLower) @IsPlainEmail() @MaxLength(100) email!: string;
  @ApiProperty() @Transform(trim) @IsPhone() @MaxLength(30) phone!: string;
}

export class SalesPersonPatch {
  @ApiPropertyOptional({ minLength: 3 }) @IsOmittable() @Transform(trim) @IsString() @Length(3, 100) name?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trimLower) @IsPlainEmail() @MaxLength(100) email?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsPhone() @MaxLength(30) phone?: string;
}

export class CreateSalesPeopleBody {
  @ApiProperty({ description: 'the dealership account' }) @IsUUID() userId!: string;

  @ApiProperty({ type: [SalesPersonInput] })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(100)
  @ValidateNested({ each: true })
  @Type(() => SalesPersonInput)
  salesMan!: SalesPersonInput[];
}

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

export interface SalesPersonView {
  id: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  /** has a login of its own (once an admin activates it), signing in with its e-mail */
  loginActivated: boolean;
  userStatus: UserStatus | null;
  createdAt: string;
  updatedAt: string;
}

export const SALES_PERSON_MESSAGES = {
  notFound: 'Sales person not found',
  duplicateEmail: 'A sales person with this e-mail already exists for this account',
  loginTaken: 'This e-mail is already used by another login',
  notActivated: 'This sales person has no login yet: activate it first',
  alreadyActivated: 'This sales person already has a login',
  notDealership: 'Sales people belong to dealership accounts',
} as const;

export const SalesPeopleRpc = {
  get: defineRpc<SalesPersonIdPayload, SalesPersonView>('users', 'salesmen.get', SalesPersonIdPayload),
  pageOfUser: defineRpc<SalesPeopleOfUserPayload, Paged<SalesPersonView>>('users', 'salesmen.page', SalesPeopleOfUserPayload),
  allOfUser: defineRpc<SalesPeopleOfUserPayload, SalesPersonView[]>('users', 'salesmen.all', SalesPeopleOfUserPayload),
  create: defineRpc<CreateSalesPeopleBody, SalesPersonView[]>('users', 'salesmen.create', CreateSalesPeopleBody),
  update: defineRpc<UpdateSalesPersonPayload, SalesPersonView>('users', 'salesmen.update', UpdateSalesPersonPayload),
  delete: defineRpc<SalesPersonIdPayload, { deleted: true }>('users', 'salesmen.delete', SalesPersonIdPayload),
  activate: defineRpc<SalesPersonIdPayload, SalesPersonView>('users', 'salesmen.activate', SalesPersonIdPayload),
  resendPassword: defineRpc<SalesPersonIdPayload, { sent: true }>('users', 'salesmen.resend-password', SalesPersonIdPayload),
};
