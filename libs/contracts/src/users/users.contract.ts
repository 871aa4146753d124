import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsISO8601,
  IsNumber,
  IsObject,
  IsOptional,
  IsString,
  IsUUID,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ROLES, type Role } from '../wire';
import { PageQuery } from '../paging';
import type { Paged } from '../wire';
import { defineEvent, defineRpc } from '../rpc';
import { IsPhone } from './validators';
import { IsFixedPoint, IsOmittable } from '../validation';
import { trim, trimLower } from '../transforms';
import type { Mirror } from '../mirror';
import {
  LANGUAGES,
  MAX_ZOOM,
  MIN_ZOOM,
  QA_ROLE_TAGS,
  type AddressRequest,
  type ChildAccountView,
  type ContactPersonRequest,
  type CreateAccountRequest,
  type Language,
  type QaRoleTag,
  type UpdateUserRequest,
  type UserListItem,
  type UserView,
} from '../wire';

export class AddressInput implements AddressRequest {
  @ApiProperty({ example: 'Denmark' })
  @Transform(trim)
  @IsString()
  @Length(1, 100)
  country!: string;

  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(20) postalCode?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(200) address?: string;
  @ApiPropertyOptional({ description: 'VAT / CVR number' }) @IsOmittable() @Transform(trim) @IsString() @MaxLength(40) companyId?: string;
}

export class ContactPersonInput implements ContactPersonRequest {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100) name!: string;
  @ApiProperty() @Transform(trimLower) @IsEmail() @MaxLength(100) email!: string;
  /** empty: none (a staff account needs no phone; a dealership's is required by the users service) */
  @ApiPropertyOptional() @IsOmittable() @ValidateIf((_o: unknown, v: unknown) => v !== '') @IsPhone() @MaxLength(30) phoneNumber?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(100) title?: string;
}

/** Partial forms of the nested objects for updates. */
export class AddressPatch implements Partial<AddressRequest> {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, 100) country?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(20) postalCode?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(200) address?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(40) companyId?: string;
}

export class ContactPersonPatch implements Partial<ContactPersonRequest> {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, 100) name?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trimLower) @IsEmail() @MaxLength(100) email?: string;
  /** empty: none (a staff account needs no phone; a dealership's is required by the users service) */
  @ApiPropertyOptional() @IsOmittable() @ValidateIf((_o: unknown, v: unknown) => v !== '') @IsPhone() @MaxLength(30) phoneNumber?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(100) title?: string;
}

const zoomStep = (v: number) => Math.abs(Math.round(v * 10) - v * 10) < 1e-9;

/**
 * Zoom choices run 0.5 to 2 on a 0.1 grid. Its own message: a value off the grid
 * (0.55) used to become NaN and was answered "must not be greater than 2; must not be less
 * than 0.5; …", none of it true.
 */
const IsZoomStep = (): PropertyDecorator =>
  ValidateBy({
    name: 'isZoomStep',
    validator: {
      validate: (value: unknown) => typeof value !== 'number' || zoomStep(value),
      defaultMessage: () => `minimumZoomValue must be between ${MIN_ZOOM} and ${MAX_ZOOM} in steps of 0.1`,
    },
  });

export class UpdateUserBody implements UpdateUserRequest {
  @ApiPropertyOptional() @IsOmittable() @Transform(trimLower) @IsEmail() @Length(3, 100) email?: string;
  @ApiPropertyOptional({ description: 'dealership name' }) @IsOmittable() @Transform(trim) @IsString() @Length(1, 120) displayName?: string;
  @ApiPropertyOptional({ enum: LANGUAGES }) @IsOmittable() @IsIn(LANGUAGES) language?: Language;
  @ApiPropertyOptional({ enum: ROLES }) @IsOmittable() @IsIn(ROLES) userRole?: Role;
  @ApiPropertyOptional({ enum: QA_ROLE_TAGS, isArray: true })
  @IsOmittable()
  @IsArray()
  @IsIn(QA_ROLE_TAGS, { each: true })
  roleTags?: QaRoleTag[];
  @ApiPropertyOptional({ type: AddressPatch }) @IsOmittable() @IsObject() @ValidateNested() @Type(() => AddressPatch) address?: AddressPatch;
  @ApiPropertyOptional({ type: ContactPersonPatch })
  @IsOmittable()
  @IsObject()
  @ValidateNested()
  @Type(() => ContactPersonPatch)
  contactPerson?: ContactPersonPatch;
  @ApiPropertyOptional({ example: 'EUR' }) @IsOmittable() @Matches(/^[A-Z]{3}$/, { message: 'currency must be a 3-letter code' }) currency?: string;
  @ApiPropertyOptional({ type: Number, nullable: true, description: 'null: no price' })
  @IsOptional()
  @IsFixedPoint(2)
  @Min(0)
  @Max(10_000_000)
  subscriptionPrice?: number | null;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() mobileAppAccess?: boolean;
  @ApiPropertyOptional({ minimum: MIN_ZOOM, maximum: MAX_ZOOM })
  @IsOmittable()
  @IsNumber()
  @Min(MIN_ZOOM)
  @Max(MAX_ZOOM)
  @IsZoomStep()
  minimumZoomValue?: number;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() enabled_qa?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() desaturateYellowLight?: boolean;
  @ApiPropertyOptional({ description: 'a visible "Digitally edited" mark on the pipeline\'s pictures' }) @IsOmittable() @IsBoolean() editedImageLabel?: boolean;
  @ApiPropertyOptional({ description: "the owning dealership's own downloads of its originals keep their metadata (GPS, serial numbers, owner names); off: removed" }) @IsOmittable() @IsBoolean() keepOriginalMetadata?: boolean;
}

export type UserBodiesMirrored = [
  Mirror<AddressInput, AddressRequest>,
  Mirror<ContactPersonInput, ContactPersonRequest>,
  Mirror<AddressPatch, Partial<AddressRequest>>,
  Mirror<ContactPersonPatch, Partial<ContactPersonRequest>>,
  Mirror<UpdateUserBody, UpdateUserRequest>,
];

export type CreateAccountBodyMirrored = Mirror<CreateAccountBody, CreateAccountRequest>;

/** createAccountWithoutCognito: an admin creates an account; its temporary password is e-mailed. */
export class CreateAccountBody implements CreateAccountRequest {
  @ApiProperty({ description: 'login e-mail' }) @Transform(trimLower) @IsEmail() @Length(3, 100) email!: string;
  @ApiProperty({ description: 'dealership name' }) @Transform(trim) @IsString() @Length(1, 120) displayName!: string;
  @ApiPropertyOptional({ enum: LANGUAGES, default: 'en' }) @IsOmittable() @IsIn(LANGUAGES) language?: Language;
  @ApiPropertyOptional({ enum: ROLES, default: 'Dealership' }) @IsOmittable() @IsIn(ROLES) userRole?: Role;
  @ApiPropertyOptional({ enum: QA_ROLE_TAGS, isArray: true })
  @IsOmittable()
  @IsArray()
  @IsIn(QA_ROLE_TAGS, { each: true })
  roleTags?: QaRoleTag[];
  @ApiProperty({ type: AddressInput }) @IsObject() @ValidateNested() @Type(() => AddressInput) address!: AddressInput;
  @ApiProperty({ type: ContactPersonInput }) @IsObject() @ValidateNested() @Type(() => ContactPersonInput) contactPerson!: ContactPersonInput;
  @ApiPropertyOptional({ default: 'EUR' }) @IsOmittable() @Matches(/^[A-Z]{3}$/, { message: 'currency must be a 3-letter code' }) currency?: string;
  @ApiPropertyOptional() @IsOmittable() @IsFixedPoint(2) @Min(0) @Max(10_000_000) subscriptionPrice?: number;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() mobileAppAccess?: boolean;
  @ApiPropertyOptional({ default: 1 })
  @IsOmittable()
  @IsNumber()
  @Min(MIN_ZOOM)
  @Max(MAX_ZOOM)
  @IsZoomStep()
  minimumZoomValue?: number;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() enabled_qa?: boolean;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() desaturateYellowLight?: boolean;
  @ApiPropertyOptional({ default: false, description: 'a visible "Digitally edited" mark on the pipeline\'s pictures' }) @IsOmittable() @IsBoolean() editedImageLabel?: boolean;
  @ApiPropertyOptional({ default: false, description: "the owning dealership's own downloads of its originals keep their metadata (GPS, serial numbers, owner names); off: removed" }) @IsOmittable() @IsBoolean() keepOriginalMetadata?: boolean;
}

/** A page of accounts by their creation date: `GET /users` and `GET /users/customers`. */
export class CreatedWindowQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'accounts created at or after (ISO date or time); the customers screen starts 14 days back' })
  @IsOptional()
  @IsISO8601({ strict: true })
  @MaxLength(40)
  from?: string;

  @ApiPropertyOptional({ description: 'accounts created at or before (ISO date or time; a date alone means the end of that day, UTC)' })
  @IsOptional()
  @IsISO8601({ strict: true })
  @MaxLength(40)
  to?: string;
}

/** The customers list: dealership accounts only, by search, country and creation date. */
export class CustomerListQuery extends CreatedWindowQuery {
  @ApiPropertyOptional({ description: 'matches dealership name, e-mail, contact name or company id' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(100) country?: string;
}

/** Every account (admin): the customers list's filters and the role. */
export class UserListQuery extends CustomerListQuery {
  @ApiPropertyOptional({ enum: ROLES }) @IsOptional() @IsIn(ROLES) userRole?: Role;
}

export class UserIdPayload {
  @IsUUID()
  id!: string;
}

export class UpdateUserPayload extends UpdateUserBody {
  @IsUUID()
  id!: string;
}

export class ResendTemporaryPasswordBody {
  @ApiProperty() @Transform(trimLower) @IsEmail() @Length(3, 100) email!: string;
}

export class DeleteUserAccountBody {
  @ApiProperty() @IsUUID() userId!: string;
  @ApiProperty({ description: "the account's delete-confirmation hash, typed by the admin" })
  @IsString()
  @Length(1, 64)
  hash!: string;
}

export class SetChildAccountsBody {
  @ApiProperty({ type: [String], description: 'ids of the child accounts, replacing the current list' })
  @IsArray()
  @ArrayMaxSize(1000)
  @IsUUID('all', { each: true })
  childAccounts!: string[];
}

export class SetChildAccountsPayload extends SetChildAccountsBody {
  @IsUUID()
  id!: string;
}

export class ChildAccountsPagePayload extends PageQuery {
  @IsUUID()
  userId!: string;
}

export class UserRefPayload {
  @IsUUID()
  userId!: string;
}

export class AccountDeleted {
  @IsUUID()
  userId!: string;
}

export class AccountCreated {
  @IsUUID()
  userId!: string;
  @IsIn(ROLES)
  userRole!: Role;
}

/** An account was created or its name, e-mail or role changed (the statistics service keeps names from it). */
export class AccountSaved {
  @IsUUID() userId!: string;
  @IsIn(ROLES) userRole!: Role;
  @IsString() displayName!: string;
  @IsString() email!: string;
  @IsISO8601() createdAt!: string;
  @IsISO8601() at!: string;
}

/** A management account's child accounts after a change: the whole list. */
export class ChildAccountsChanged {
  @IsUUID() userId!: string;
  @IsArray() @IsUUID('all', { each: true }) childIds!: string[];
  @IsISO8601() at!: string;
}

/** A successful sign-in (password or refresh of a new session), of an account or its sales person. */
export class UserSignedIn {
  @IsUUID() userId!: string;
  @IsOptional() @IsUUID() salesPersonId?: string | null;
  @IsISO8601() at!: string;
}

export class SalesPersonSaved {
  @IsUUID() salesPersonId!: string;
  @IsUUID() accountId!: string;
  @IsString() name!: string;
  @IsISO8601() at!: string;
}

export class SalesPersonDeleted {
  @IsUUID() salesPersonId!: string;
  @IsUUID() accountId!: string;
  @IsISO8601() at!: string;
}

export const UsersEvents = {
  accountCreated: defineEvent('users', 'account-created', AccountCreated),
  /** on create and on every change of name, e-mail or role */
  accountSaved: defineEvent('users', 'account-saved', AccountSaved),
  childAccountsChanged: defineEvent('users', 'child-accounts-changed', ChildAccountsChanged),
  signedIn: defineEvent('users', 'signed-in', UserSignedIn),
  salesPersonSaved: defineEvent('users', 'sales-person-saved', SalesPersonSaved),
  salesPersonDeleted: defineEvent('users', 'sales-person-deleted', SalesPersonDeleted),
  /** other services delete the account's orders, images, videos, events and assignments */
  accountDeleted: defineEvent('users', 'account-deleted', AccountDeleted),
};

/** Durable consumers of the users service on other services' events (public names: renaming one leaves its backlog behind). */
export const USERS_DURABLES = {
  /** keeps each account's `last_order_date` */
  orderCreated: 'users-order-created',
} as const;

export const UsersRpc = {
  list: defineRpc<UserListQuery, Paged<UserListItem>>('users', 'users.list', UserListQuery),
  get: defineRpc<UserIdPayload, UserView>('users', 'users.get', UserIdPayload),
  update: defineRpc<UpdateUserPayload, UserView>('users', 'users.update', UpdateUserPayload),
  createAccount: defineRpc<CreateAccountBody, UserView>('users', 'users.create-account', CreateAccountBody),
  resendTemporaryPassword: defineRpc<ResendTemporaryPasswordBody, { sent: true }>(
    'users',
    'users.resend-temporary-password',
    ResendTemporaryPasswordBody,
  ),
  deleteAccount: defineRpc<DeleteUserAccountBody, { deleted: true }>('users', 'users.delete-account', DeleteUserAccountBody),
  setChildAccounts: defineRpc<SetChildAccountsPayload, ChildAccountView[]>('users', 'child-accounts.set', SetChildAccountsPayload),
  childAccountsPage: defineRpc<ChildAccountsPagePayload, Paged<ChildAccountView>>('users', 'child-accounts.page', ChildAccountsPagePayload),
  childAccountsData: defineRpc<UserRefPayload, UserView[]>('users', 'child-accounts.data', UserRefPayload),
};
