import { ApiProperty, getSchemaPath } from '@nestjs/swagger';
import { APP_SETTING_CATEGORIES, APP_SETTING_TYPES, APP_SETTING_VALUE_TYPES, type AppSettingCategory, type AppSettingType, type AppSettingValueType } from '../../wire/app-settings';
import { PLATFORMS, type Platform } from '../../wire/app-versions';
import { INTEGRATION_TYPES, OUTPUT_FORMATS, type IntegrationSettings, type IntegrationType, type OutputFormat } from '../../wire/integrations';
import { PERMISSION_GROUPS, type PermissionGroup } from '../../wire/permissions';
import { ROLES, USER_STATUSES, type Role, type UserStatus } from '../../wire/roles';
import type { StyleGuideListItem } from './style-guides.schemas';
import { LANGUAGES, QA_ROLE_TAGS, type Language, type QaRoleTag } from '../../wire/users';
import { Field } from '../fields';

/**
 * The answers of accounts and what hangs off them (sales people, permissions, integrations,
 * app settings, app versions, banners): each class is THE declaration of its shape. The
 * decorators write the OpenAPI schema; the class's type is the wire view (the wire modules
 * re-export it type-only), which the users service builds and the web app reads.
 */

export class AddressView {
  @Field.string() country!: string;
  @Field.string() city!: string;
  @Field.string() postalCode!: string;
  @Field.string() address!: string;
  @Field.string({ description: 'VAT / CVR number' }) companyId!: string;
}

export class ContactPersonView {
  @Field.string() name!: string;
  @Field.string() email!: string;
  @Field.string() phoneNumber!: string;
  @Field.string() title!: string;
}

export class UserView {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
  @Field.string() email!: string;
  @Field.oneOf(LANGUAGES, 'Language') language!: Language;
  @Field.oneOf(ROLES, 'Role') userRole!: Role;
  @Field.oneOfList(QA_ROLE_TAGS, 'QaRoleTag') roleTags!: QaRoleTag[];
  @Field.strings({ description: 'names of the permissions the account holds' }) permissions!: string[];
  @Field.object(AddressView) address!: AddressView;
  @Field.object(ContactPersonView) contactPerson!: ContactPersonView;
  @Field.string() currency!: string;
  @Field.number({ nullable: true }) subscriptionPrice!: number | null;
  @Field.bool() mobileAppAccess!: boolean;
  @Field.number() minimumZoomValue!: number;
  @Field.bool() enabled_qa!: boolean;
  @Field.bool() desaturateYellowLight!: boolean;
  @Field.bool({ description: 'a visible "Digitally edited" mark on the pipeline\'s pictures' }) editedImageLabel!: boolean;
  @Field.bool({ description: "the owning dealership's own downloads of its originals keep their metadata (GPS, serial numbers, owner names); off: removed" }) keepOriginalMetadata!: boolean;
  @Field.oneOf(USER_STATUSES, 'UserStatus') userStatus!: UserStatus;
  @Field.bool() loginActivated!: boolean;
  @Field.strings({ description: 'ids of the child accounts (management)' }) childAccounts!: string[];
  @Field.dateTime({ nullable: true }) last_order_date!: string | null;
  @Field.int({ nullable: true }) days_since_last_order!: number | null;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
  @Field.string({ required: false, description: 'what the admin types to confirm deleting the account (admin only)' })
  deleteConfirmationHash?: string;
}

export class SalesPersonView {
  @Field.id() id!: string;
  @Field.id({ description: 'the dealership' }) userId!: string;
  @Field.string() name!: string;
  @Field.string() email!: string;
  @Field.string() phone!: string;
  @Field.bool({ description: 'may sign in' }) loginActivated!: boolean;
  @Field.oneOf(USER_STATUSES, 'UserStatus', { nullable: true }) userStatus!: UserStatus | null;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class UserDetailView extends UserView {
  // the style guides' schema is declared by their area; named here by reference
  @ApiProperty({ type: 'array', items: { $ref: getSchemaPath('StyleGuideListItem') }, description: 'the style guides assigned to the account (as `GET /style-guides/user/{id}`)' })
  styleGuides!: StyleGuideListItem[];
  @Field.list(SalesPersonView, { description: 'the sales people of the account, by name (as `GET /salesman/user/{id}/all`)' })
  salesMan!: SalesPersonView[];
}

export class SignedInSalesPerson {
  @Field.id() id!: string;
  @Field.string() name!: string;
  @Field.string() email!: string;
}

/** `GET /auth/me` and the sign-in's `user`: the account, and the sales person signed in for it. */
export class MeView extends UserView {
  @Field.object(SignedInSalesPerson, { nullable: true, description: 'the sales person signed in for the account, if any' })
  loggedInSalesPersonInfo!: SignedInSalesPerson | null;
}

export class UserListItem {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
  @Field.string() email!: string;
  @Field.oneOf(ROLES, 'Role') userRole!: Role;
  @Field.object(AddressView) address!: AddressView;
  @Field.object(ContactPersonView) contactPerson!: ContactPersonView;
  @Field.oneOf(USER_STATUSES, 'UserStatus') userStatus!: UserStatus;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class CustomerListItem extends UserListItem {
  @Field.int({ description: 'how many orders the dealership has' }) ordersCount!: number;
}

export class ChildAccountView {
  @Field.id() id!: string;
  @Field.string() displayName!: string;
  @Field.string() email!: string;
  @Field.oneOf(ROLES, 'Role') userRole!: Role;
  @Field.string() country!: string;
}

export class PermissionView {
  @Field.id() id!: string;
  @Field.string({ example: 'CREATE_ORDERS' }) name!: string;
  @Field.oneOf(PERMISSION_GROUPS, 'PermissionGroup') group!: PermissionGroup;
}

export class OutputRulesView {
  @ApiProperty({ type: 'integer', isArray: true, description: 'positions sent, in this order; empty: all' }) positions!: number[];
  @Field.int({ nullable: true }) maxFiles!: number | null;
  @Field.int({ nullable: true }) width!: number | null;
  @Field.int({ nullable: true }) height!: number | null;
  @Field.oneOf(OUTPUT_FORMATS, 'OutputFormat') format!: OutputFormat;
  @Field.int() quality!: number;
  @Field.string() fileNamePattern!: string;
  @Field.bool() logo!: boolean;
  @Field.bool() editedLabel!: boolean;
}

export class TestConnectionView {
  @Field.bool() ok!: boolean;
  @Field.string({ description: 'what was reached, or what failed (DNS, refused, login, TLS, permission)' }) message!: string;
}

export class IntegrationView {
  @Field.id() id!: string;
  @Field.id() userId!: string;
  @Field.string() provider!: string;
  @Field.string() label!: string;
  @Field.oneOf(INTEGRATION_TYPES, 'IntegrationType') integrationType!: IntegrationType;
  @Field.bool() isActive!: boolean;
  @Field.bool({ description: "the account's orders are delivered here by themselves once they are Ready to download" }) autoDeliver!: boolean;
  @Field.string({ nullable: true }) Username!: string | null;
  @Field.bool({ description: 'a password is stored (it is never answered)' }) hasPassword!: boolean;
  @ApiProperty({
    type: 'object',
    additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
    description: "the provider's settings that are not secret",
  })
  settings!: IntegrationSettings;
  @Field.strings({ description: 'names of the secret settings stored (never answered)' }) storedSecrets!: string[];
  @Field.object(OutputRulesView) outputRules!: OutputRulesView;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class ProviderView {
  @Field.string() provider!: string;
  @Field.string() label!: string;
  @Field.oneOf(INTEGRATION_TYPES, 'IntegrationType') integrationType!: IntegrationType;
}

export class AppSettingView {
  @Field.string({ example: 'CONTACT_EMAIL' }) name!: string;
  @Field.string({ description: 'the value as text' }) value!: string;
  @Field.oneOf(APP_SETTING_VALUE_TYPES, 'AppSettingValueType') valueType!: AppSettingValueType;
  @Field.oneOf(APP_SETTING_CATEGORIES, 'AppSettingCategory', { nullable: true, description: "what it is about; null for the web app's own settings" }) category!: AppSettingCategory | null;
  @Field.oneOf(APP_SETTING_TYPES, 'AppSettingType', { description: 'one value, or a list separated by commas' }) settingType!: AppSettingType;
}

export class AppVersionView {
  @Field.id() id!: string;
  @Field.string({ example: '1.2.34' }) versionString!: string;
  @Field.oneOf(PLATFORMS, 'AppPlatform') platform!: Platform;
  @Field.bool() needsDatabaseDeleteOnMobile!: boolean;
  @Field.bool() isTheRequiredMinimumVersionCurrently!: boolean;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}

export class BannerView {
  @Field.id() id!: string;
  @Field.string() message!: string;
  @Field.bool() isActive!: boolean;
  @Field.dateTime() createdAt!: string;
  @Field.dateTime() updatedAt!: string;
}
