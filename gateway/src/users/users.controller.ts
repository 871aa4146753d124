import {
  CreateAccountBody,
  CustomerListQuery,
  OrdersRpc,
  Routes,
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
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { BadRequestException, Body, Controller, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses } from '../common/api-responses';
import { Operation } from '../common/operation.decorator';
import { PageParam, UuidParam } from '../common/params';

/**
 * Accounts (`/users…`), declared in `Routes.users` (@app/contracts/http). Who sees which
 * account is decided by the users service. The route paths are full paths, so no prefix here.
 */
@ApiTags('users')
@ApiErrorResponses()
@Controller()
export class UsersController {
  constructor(private readonly rpc: RpcClient) {}

  @Operation(Routes.users.list)
  list(@Query() query: UserListQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.list, query, actor);
  }

  @Operation(Routes.users.customers)
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

  @Operation(Routes.users.create)
  create(@Body() body: CreateAccountBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.createAccount, body, actor);
  }

  @Operation(Routes.users.resendTemporaryPassword)
  resend(@Body() body: ResendTemporaryPasswordBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.resendTemporaryPassword, body, actor);
  }

  @Operation(Routes.users.deleteAccount)
  deleteAccount(@Body() body: DeleteUserAccountBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.deleteAccount, body, actor);
  }

  @Operation(Routes.users.setChildAccounts)
  setChildren(@UuidParam('id') id: string, @Body() body: SetChildAccountsBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.setChildAccounts, { id, ...body }, actor);
  }

  @Operation(Routes.users.childAccountsPage)
  childrenPage(@UuidParam('userId') userId: string, @PageParam('page') page: number, @CurrentActor() actor: Actor) {
    if (page < 1) throw new BadRequestException('page must be a whole number of at least 1');
    return this.rpc.send(UsersRpc.childAccountsPage, { userId, page }, actor);
  }

  @Operation(Routes.users.childAccountsData)
  childrenData(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.childAccountsData, { userId: id }, actor);
  }

  @Operation(Routes.users.get)
  async get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    // the account first: one the caller may not see is 404 before anything else is asked
    const user = await this.rpc.send(UsersRpc.get, { id }, actor);
    const [styleGuides, salesMan] = await Promise.all([
      this.rpc.send(StyleGuidesRpc.ofUser, { userId: id }, actor),
      this.rpc.send(SalesPeopleRpc.allOfUser, { userId: id }, actor),
    ]);
    return { ...user, styleGuides, salesMan };
  }

  @Operation(Routes.users.update)
  update(@UuidParam('id') id: string, @Body() body: UpdateUserBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(UsersRpc.update, { id, ...body }, actor);
  }
}
