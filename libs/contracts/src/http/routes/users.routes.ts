import { TestPipelineBody } from '../../images/image-versions.contract';
import { PageQuery } from '../../paging';
import { TestPipelineResult, TestPipelineRunView } from '../schemas/images.schemas';
import { CreateAppSettingBody, UpdateAppSettingBody } from '../../users/app-settings.contract';
import { AppVersionBody, AppVersionListQuery, AppVersionPatch } from '../../users/app-versions.contract';
import { BannerBody, BannerListQuery, BannerPatch } from '../../users/banners.contract';
import { CreateIntegrationBody, UpdateIntegrationBody } from '../../users/integrations.contract';
import { SetUserPermissionsBody } from '../../users/permissions.contract';
import { CreateSalesPeopleBody, SalesPersonPatch } from '../../users/sales-people.contract';
import {
  CreateAccountBody,
  CustomerListQuery,
  DeleteUserAccountBody,
  ResendTemporaryPasswordBody,
  SetChildAccountsBody,
  UpdateUserBody,
  UserListQuery,
} from '../../users/users.contract';
import { ALL_ROLES, defineRoute, pagedOf } from '../define-route';
import { DeletedResult, SentResult } from '../fields';
import {
  AppSettingView,
  AppVersionView,
  BannerView,
  ChildAccountView,
  CustomerListItem,
  IntegrationView,
  PermissionView,
  ProviderView,
  SalesPersonView,
  TestConnectionView,
  UserDetailView,
  UserListItem,
  UserView,
} from '../schemas/users.schemas';

/**
 * The HTTP operations of accounts and what hangs off them: accounts (`/users`), sales people
 * (`/salesman`), permissions, remote integrations, app settings, app versions and banners.
 * Each value is the whole declaration of an operation (the gateway's `@Operation(route)`, the
 * web app's `api.call(route, …)`). Within a controller the gateway registers its handlers in
 * the order they are written: a fixed path before a `:param` one (`/users/customers` before
 * `/users/:id`). Who sees which account is decided by the users service.
 */

export const UsersRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/users',
    access: { roles: ALL_ROLES },
    query: UserListQuery,
    result: pagedOf(UserListItem),
    summary: 'Accounts the caller may see, 10 a page, newest first; search, country, role and creation date (from, to) filters',
  }),
  customers: defineRoute({
    method: 'GET',
    path: '/users/customers',
    access: { roles: ['Admin', 'QA'] },
    query: CustomerListQuery,
    result: pagedOf(CustomerListItem),
    summary: 'The dealership accounts, 10 a page, newest first, each with its order count; search, country and creation date (from, to) filters',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/users/createAccountWithoutCognito',
    access: { roles: ['Admin'] },
    body: CreateAccountBody,
    result: UserView,
    resultDescription: 'the new account',
    summary: 'Create an account; its temporary password is e-mailed and must be changed at first sign-in',
  }),
  resendTemporaryPassword: defineRoute({
    method: 'POST',
    path: '/users/resend-temporary-password',
    status: 200,
    access: { roles: ['Admin'] },
    body: ResendTemporaryPasswordBody,
    result: SentResult,
    summary: 'E-mail a new temporary password to an account that has not chosen its own yet',
  }),
  deleteAccount: defineRoute({
    method: 'POST',
    path: '/users/delete-user-account',
    status: 200,
    access: { roles: ['Admin'] },
    body: DeleteUserAccountBody,
    result: DeletedResult,
    summary: 'Delete an account with everything it owns (sales people, integrations, and through events its orders, images, videos and events)',
    description: "`hash` must be the account's deleteConfirmationHash, as shown to the admin.",
  }),
  setChildAccounts: defineRoute({
    method: 'PUT',
    path: '/users/childAccounts/:id',
    access: { roles: ['Admin'] },
    body: SetChildAccountsBody,
    result: [ChildAccountView],
    resultDescription: 'the child accounts now',
    summary: 'Set the child accounts of a management account (replaces the list)',
  }),
  childAccountsPage: defineRoute({
    method: 'GET',
    path: '/users/childAccounts/:userId/:page',
    access: { roles: ALL_ROLES },
    result: pagedOf(ChildAccountView),
    summary: 'Child accounts of an account, 10 a page',
  }),
  childAccountsData: defineRoute({
    method: 'GET',
    path: '/users/get-child-accounts-data-by-user-id/:id',
    access: { roles: ALL_ROLES },
    result: [UserView],
    summary: 'All child accounts of an account with their data',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/users/:id',
    access: { roles: ALL_ROLES },
    result: UserDetailView,
    summary: 'One account with its style guides and sales people (404 when the caller may not see it)',
    description: '`styleGuides` and `salesMan` are the lists `GET /style-guides/user/{id}` and `GET /salesman/user/{id}/all` answer.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/users/:id',
    access: { roles: ALL_ROLES },
    body: UpdateUserBody,
    result: UserView,
    resultDescription: 'the saved account',
    summary: 'Update an account',
    description:
      "An account may change its own name, language, address and contact person; role, tags, e-mail, zoom, mobile access, QA, desaturate and pricing fields are the admin's (403 naming them otherwise).",
  }),
};

/**
 * Sales people of a dealership, under the published path `/salesman`. Changing them needs the
 * `CREATE_`, `UPDATE_` or `DELETE_SALESMAN` permission (the admin has all). Their operation ids
 * (`SalesmanController_all` …) are part of the published API: the gateway's controller keeps
 * that name and these handler names.
 */
export const SalesPeopleRoutes = {
  all: defineRoute({
    method: 'GET',
    path: '/salesman/user/:id/all',
    access: { roles: ALL_ROLES },
    result: [SalesPersonView],
    summary: 'All sales people of an account, by name (for pickers)',
  }),
  page: defineRoute({
    method: 'GET',
    path: '/salesman/user/:id',
    access: { roles: ALL_ROLES },
    query: PageQuery,
    result: pagedOf(SalesPersonView),
    summary: 'Sales people of an account, 10 a page',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/salesman/:id',
    access: { roles: ALL_ROLES },
    result: SalesPersonView,
    summary: 'One sales person ("Sales person not found" when the caller may not see it)',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/salesman',
    access: { roles: ['Admin', 'Dealership'], permission: 'CREATE_SALESMAN', notSalesPerson: true },
    body: CreateSalesPeopleBody,
    result: [SalesPersonView],
    resultDescription: 'the new sales people',
    summary: 'Add sales people to an account',
  }),
  activate: defineRoute({
    method: 'PUT',
    path: '/salesman/:id/activate',
    access: { roles: ['Admin'] },
    result: SalesPersonView,
    resultDescription: 'the sales person, now with a login',
    summary: 'Give the sales person a login; its temporary password is e-mailed',
  }),
  resendPassword: defineRoute({
    method: 'PUT',
    path: '/salesman/:id/resend-password',
    access: { roles: ['Admin'] },
    result: SentResult,
    summary: 'E-mail a new temporary password to a sales person that has not chosen its own',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/salesman/:id',
    access: { roles: ['Admin', 'Dealership'], permission: 'UPDATE_SALESMAN', notSalesPerson: true },
    body: SalesPersonPatch,
    result: SalesPersonView,
    resultDescription: 'the saved sales person',
    summary: 'Change a sales person',
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/salesman/:id',
    access: { roles: ['Admin', 'Dealership'], permission: 'DELETE_SALESMAN', notSalesPerson: true },
    result: DeletedResult,
    summary: 'Remove a sales person (its login goes with it)',
  }),
};

export const PermissionsRoutes = {
  /** published as `PermissionsController_catalogue` (the handler's name) */
  catalogue: defineRoute({
    method: 'GET',
    path: '/permissions',
    access: { roles: ['Admin'] },
    result: [PermissionView],
    summary: 'The permission list with its groups',
  }),
  forUser: defineRoute({
    method: 'GET',
    path: '/permissions/get-permissions-for-user-by-user-id/:id',
    access: { roles: ALL_ROLES },
    result: [PermissionView],
    summary: 'Permissions an account holds',
  }),
  setForUser: defineRoute({
    method: 'PUT',
    path: '/permissions/user/:id',
    access: { roles: ['Admin'] },
    body: SetUserPermissionsBody,
    result: [PermissionView],
    resultDescription: 'the permissions the account holds now',
    summary: 'Set the permissions of an account (replaces the set)',
  }),
};

/** Who changes an account's integrations: the admin, or the dealership itself with UPDATE_USER_INTEGRATIONS (not its sales people). */
const CHANGE_INTEGRATIONS = { roles: ['Admin', 'Dealership'], permission: 'UPDATE_USER_INTEGRATIONS', notSalesPerson: true } as const;

/** Delivery targets of an account. Passwords go in, never out. */
export const IntegrationsRoutes = {
  providers: defineRoute({
    method: 'GET',
    path: '/remote-integration/providers',
    access: { roles: ALL_ROLES },
    result: [ProviderView],
    summary: 'The providers an integration can be added for',
  }),
  ofUser: defineRoute({
    method: 'GET',
    path: '/remote-integration/user/:userId',
    access: { roles: ['Admin', 'Dealership', 'Management'], permission: 'READ_USER_INTEGRATIONS' },
    result: [IntegrationView],
    summary: 'Integrations of an account (passwords are never returned; hasPassword tells)',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/remote-integration',
    access: CHANGE_INTEGRATIONS,
    body: CreateIntegrationBody,
    result: IntegrationView,
    resultDescription: 'the new integration',
    summary: 'Add an integration; credentials need UPDATE_USER_INTEGRATION_CREDENTIALS',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/remote-integration/:id',
    access: CHANGE_INTEGRATIONS,
    body: UpdateIntegrationBody,
    result: IntegrationView,
    resultDescription: 'the saved integration',
    summary: 'Turn an integration on or off, change its settings and output rules, or its credentials (an empty password or secret keeps the stored one)',
  }),
  testConnection: defineRoute({
    method: 'POST',
    path: '/remote-integration/:id/test-connection',
    status: 200,
    access: CHANGE_INTEGRATIONS,
    result: TestConnectionView,
    resultDescription: 'whether the destination was reached, and what failed (DNS, refused, login, TLS, permission)',
    summary: 'Connect to the integration with its settings and credentials, without delivering anything',
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/remote-integration/:id',
    access: CHANGE_INTEGRATIONS,
    result: DeletedResult,
    summary: 'Remove an integration',
  }),
};

/**
 * App settings (`/appSettings`): everyone signed in reads, the admin edits. The test pipeline's
 * two operations under `/appSettings` answer with the images area's classes and are declared
 * with them.
 */
export const AppSettingsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/appSettings',
    access: { roles: ALL_ROLES },
    result: [AppSettingView],
    summary: "The installation's settings: name, text value and value type (contact number and e-mail among them)",
  }),
  create: defineRoute({
    method: 'POST',
    path: '/appSettings',
    access: { roles: ['Admin'] },
    body: CreateAppSettingBody,
    result: AppSettingView,
    resultDescription: 'the new setting',
    summary: 'Add a setting: name, value, valueType, category (ANGLE_CORRECTOR, DEFAULT_ZOOM or none) and settingType (SINGLE_VALUE or MULTI_VALUE)',
    description: 'The value must read as the valueType (each item, separated by commas, for MULTI_VALUE): 400 names the form it takes; 409 when the name is taken.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/appSettings/:name',
    access: { roles: ['Admin'] },
    body: UpdateAppSettingBody,
    result: AppSettingView,
    resultDescription: 'the saved setting',
    summary: 'Change the value of a setting (read by its valueType: true/false, a number, a date, or text)',
  }),
  sendImagesToTestPipeline: defineRoute({
    method: 'POST',
    path: '/appSettings/sendImagesToTestPipeline',
    access: { roles: ['Admin'], permission: 'UPDATE_WEB_APPLICATION_SETTINGS' },
    body: TestPipelineBody,
    result: TestPipelineResult,
    resultDescription: 'how many pictures were sent',
    status: 200,
    summary: 'Process pictures again with the current pipeline, on the bulk lane, as test versions (body { imageIds }, 1 to 100)',
    description:
      "Each output is kept in the image's history as a version of kind `test` and does not replace the current picture; QA may restore it. " +
      'Pictures without an original (inserted finished pictures) are left out of `queued`. Answered by the images service.',
  }),
  testPipelineResults: defineRoute({
    method: 'GET',
    path: '/appSettings/testPipelineResults/:orderId',
    access: { roles: ['Admin'], permission: 'UPDATE_WEB_APPLICATION_SETTINGS' },
    result: [TestPipelineRunView],
    summary: "The latest test-pipeline run of each of an order's pictures: queued, completed (with its picture) or failed (with the reason)",
    description: 'Only pictures that went through the test pipeline are listed. An unknown order is 404. Answered by the images service.',
  }),
};

/**
 * Mobile app versions. Reading is public: the capture app checks the required minimum of its
 * platform before anyone signs in. Changing is the admin's.
 */
export const AppVersionsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/app-versions',
    access: 'public',
    query: AppVersionListQuery,
    result: pagedOf(AppVersionView),
    summary: 'App versions, 10 a page, newest first; `platform`, `search` (public)',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/app-versions/:id',
    access: 'public',
    result: AppVersionView,
    summary: 'One app version (public)',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/app-versions',
    access: { roles: ['Admin'] },
    body: AppVersionBody,
    result: AppVersionView,
    resultDescription: 'the new version',
    summary: 'Add a version (form 1.2.34); as required minimum it replaces the current one of its platform',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/app-versions/:id',
    access: { roles: ['Admin'] },
    body: AppVersionPatch,
    result: AppVersionView,
    resultDescription: 'the saved version',
    summary: 'Change a version',
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/app-versions/:id',
    access: { roles: ['Admin'] },
    result: DeletedResult,
    summary: 'Remove a version',
  }),
};

export const BannersRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/banner',
    access: { roles: ALL_ROLES },
    query: BannerListQuery,
    result: pagedOf(BannerView),
    summary: 'Banners, 10 a page, newest first; the admin sees hidden ones too (`isActive` filter)',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/banner/by-id/:id',
    access: { roles: ALL_ROLES },
    result: BannerView,
    summary: 'One banner',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/banner',
    access: { roles: ['Admin'] },
    body: BannerBody,
    result: BannerView,
    resultDescription: 'the new banner',
    summary: 'Add a banner (Visible unless isActive is false)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/banner/:id',
    access: { roles: ['Admin'] },
    body: BannerPatch,
    result: BannerView,
    resultDescription: 'the saved banner',
    summary: 'Change a banner, or show or hide it',
  }),
};
