import {
  CreateAccountBody,
  CustomerListQuery,
  OrdersRpc,
  SalesPeopleRpc,
  StyleGuidesRpc,
  paged,
  DeleteUserAccountBody,
  ResendTemporaryPasswordBody,
  SetChildAccountsBody,
  UpdateUserBody,
  UserListQuery,
  UsersRpc,
  type Actor,
  type UserDetailView as UserDetailViewContract,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { BadRequestException, Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, DeletedResult, PagedOf, SentResult } from '../common/api-responses';
import { ChildAccountView, CustomerListItem, UserDetailView, UserListItem, UserView } from './users.responses';
import { PageParam, UuidParam } from '../common/params';

/** Accounts (`/users…`). Who sees which account is decided by the users service. */
@ApiTags('users')
@ApiErrorResponses()
@Controller('users')
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(PagedOf(UserListItem))
  @Get()
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Accounts the caller may see, 10 a page, newest first; search, country, role and creation date (from, to) filters' })
  list(@Query() query: UserListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.list, query, actor);
  }

  @ApiResult(PagedOf(CustomerListItem))
  @Get('customers')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({ summary: 'The dealership accounts, 10 a page, newest first, each with its order count; search, country and creation date (from, to) filters' })
  async customers(@Query() query: CustomerListQuery, @CurrentActor() actor: Actor) {
    const page = await this.rpc.send(UsersRpc.list, { ...query, userRole: 'Dealership' }, actor);
    const counts = page.items.length
      ? await this.rpc.send(OrdersRpc.countsByAccount, { accountIds: page.items.map((u) => u.id) }, actor)
      : [];
    const byId = new Map(counts.map((c) => [c.accountId, c.ordersCount]));
    return paged(
      page.items.map((u) => ({ ...u, ordersCount: byId.get(u.id) ?? 0 })),
      page.total,
      page.page,
      page.pageSize,
    );
  }

  @ApiResult(UserView, 'the new account')
  @Post('createAccountWithoutCognito')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Create an account; its temporary password is e-mailed and must be changed at first sign-in' })
  create(@Body() body: CreateAccountBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.createAccount, body, actor);
  }

  @ApiResult(SentResult)
  @Post('resend-temporary-password')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'E-mail a new temporary password to an account that has not chosen its own yet' })
  resend(@Body() body: ResendTemporaryPasswordBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.resendTemporaryPassword, body, actor);
  }

  @ApiResult(DeletedResult)
  @Post('delete-user-account')
  @HttpCode(200)
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({
    summary: 'Delete an account with everything it owns (sales people, integrations, and through events its orders, images, videos and events)',
    description: '`hash` must be the account\'s deleteConfirmationHash, as shown to the admin.',
  })
  deleteAccount(@Body() body: DeleteUserAccountBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.deleteAccount, body, actor);
  }

  @ApiResult([ChildAccountView], 'the child accounts now')
  @Put('childAccounts/:id')
  @Authenticated({ roles: ['Admin'] })
  @ApiOperation({ summary: 'Set the child accounts of a management account (replaces the list)' })
  setChildren(@UuidParam('id') id: string, @Body() body: SetChildAccountsBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.setChildAccounts, { id, ...body }, actor);
  }

  @ApiResult(PagedOf(ChildAccountView))
  @Get('childAccounts/:userId/:page')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'Child accounts of an account, 10 a page' })
  childrenPage(@UuidParam('userId') userId: string, @PageParam('page') page: number, @CurrentActor() actor: Actor) {
    if (page < 1) throw new BadRequestException('page must be a whole number of at least 1');
    return this.rpc.send(UsersRpc.childAccountsPage, { userId, page }, actor);
  }

  @ApiResult([UserView])
  @Get('get-child-accounts-data-by-user-id/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({ summary: 'All child accounts of an account with their data' })
  childrenData(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.childAccountsData, { userId: id }, actor);
  }

  @ApiResult(UserDetailView)
  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'One account with its style guides and sales people (404 when the caller may not see it)',
    description: '`styleGuides` and `salesMan` are the lists `GET /style-guides/user/{id}` and `GET /salesman/user/{id}/all` answer.',
  })
  async get(@UuidParam('id') id: string, @CurrentActor() actor: Actor): Promise<UserDetailViewContract> {
    // the account first: one the caller may not see is 404 before anything else is asked
    const user = await this.rpc.send(UsersRpc.get, { id }, actor);
    const [styleGuides, salesMan] = await Promise.all([
      this.rpc.send(StyleGuidesRpc.ofUser, { userId: id }, actor),
      this.rpc.send(SalesPeopleRpc.allOfUser, { userId: id }, actor),
    ]);
    return { ...user, styleGuides, salesMan };
  }

  @ApiResult(UserView, 'the saved account')
  @Put(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Update an account',
    description: 'An account may change its own name, language, address and contact person; role, tags, e-mail, zoom, mobile access, QA, desaturate and pricing fields are the admin\'s (403 naming them otherwise).',
  })
  update(@UuidParam('id') id: string, @Body() body: UpdateUserBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.update, { id, ...body }, actor);
  }
}
