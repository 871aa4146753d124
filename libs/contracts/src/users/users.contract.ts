import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
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
  ValidateNested,
} from 'class-validator';
import { ROLES, type Role } from '../envelope';
import { PageQuery, type Paged } from '../paging';
import { defineEvent, defineRpc } from '../rpc';
import { IsPhone } from './validators';
import { IsFixedPoint, IsOmittable } from '../validation';
import { trim, trimLower } from '../transforms';

export const LANGUAGES = ['en', 'dk', 'du', 'de', 'fr', 'es', 'hi', 'jp'] as const;
export type Language = (typeof LANGUAGES)[number];

/** QA role tags: a QA account acts as editor, coordinator or both. */
export const QA_ROLE_TAGS = ['QA_EDITOR', 'QA_COORDINATOR'] as const;
export type QaRoleTag = (typeof QA_ROLE_TAGS)[number];

export const USER_STATUSES = ['CONFIRMED', 'FORCE_CHANGE_PASSWORD'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

export const MIN_ZOOM = 0.5;
export const MAX_ZOOM = 2;


export class AddressInput {
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

export class ContactPersonInput {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 100) name!: string;
  @ApiProperty() @Transform(trimLower) @IsEmail() @MaxLength(100) email!: string;
  @ApiPropertyOptional() @IsOmittable() @IsPhone() @MaxLength(30) phoneNumber?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(100) title?: string;
}

/** Partial forms of the nested objects for updates. */
export class AddressPatch {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, 100) country?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(100) city?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(20) postalCode?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(200) address?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @MaxLength(40) companyId?: string;
}

export class ContactPersonPatch {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, 100) name?: string;
  @ApiPropertyOptional() @IsOmittable() @Transform(trimLower) @IsEmail() @MaxLength(100) email?: string;
  @ApiPropertyOptional() @IsOmittable() @IsPhone() @MaxLength(30) phoneNumber?: string;
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

/** Fields only an admin may set (role, zoom, mobile access, QA, desaturate, pricing). */
export const ADMIN_ONLY_USER_FIELDS = [
  'email',
  'userRole',
  'roleTags',
  'currency',
  'subscriptionPrice',
  'mobileAppAccess',
  'minimumZoomValue',
  'enabled_qa',
  'desaturateYellowLight',
] as const;

export class UpdateUserBody {
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
  @ApiPropertyOptional({ nullable: true, description: 'null: no price' })
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
}

/** createAccountWithoutCognito: an admin creates an account; its temporary password is e-mailed. */
export class CreateAccountBody {
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
}

export class UserListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'matches dealership name, e-mail, contact name or company id' })
  @IsOptional()
  @Transform(trim)
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(100) country?: string;
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

export interface AddressView {
  country: string;
  city: string;
  postalCode: string;
  address: string;
  companyId: string;
}

export interface ContactPersonView {
  name: string;
  email: string;
  phoneNumber: string;
  title: string;
}

export interface UserView {
  id: string;
  displayName: string;
  email: string;
  language: Language;
  userRole: Role;
  roleTags: QaRoleTag[];
  permissions: string[];
  address: AddressView;
  contactPerson: ContactPersonView;
  currency: string;
  subscriptionPrice: number | null;
  mobileAppAccess: boolean;
  minimumZoomValue: number;
  enabled_qa: boolean;
  desaturateYellowLight: boolean;
  userStatus: UserStatus;
  loginActivated: boolean;
  childAccounts: string[];
  last_order_date: string | null;
  days_since_last_order: number | null;
  createdAt: string;
  updatedAt: string;
  /** only for admins: what the admin types to confirm deleting the account */
  deleteConfirmationHash?: string;
}

export interface MeView extends UserView {
  loggedInSalesPersonInfo: { id: string; name: string; email: string } | null;
}

export type UserListItem = Pick<
  UserView,
  'id' | 'displayName' | 'email' | 'userRole' | 'address' | 'contactPerson' | 'userStatus' | 'createdAt' | 'updatedAt'
>;

export interface ChildAccountView {
  id: string;
  displayName: string;
  email: string;
  userRole: Role;
  country: string;
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

export const UsersEvents = {
  accountCreated: defineEvent('users', 'account-created', AccountCreated),
  /** other services delete the account's orders, images, videos, events and assignments */
  accountDeleted: defineEvent('users', 'account-deleted', AccountDeleted),
};

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
