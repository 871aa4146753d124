import {
  UsersRpc,
  type ChildAccountsPagePayload,
  type CreateAccountBody,
  type DeleteUserAccountBody,
  type ResendTemporaryPasswordBody,
  type RpcEnvelope,
  type SetChildAccountsPayload,
  type UpdateUserPayload,
  type UserIdPayload,
  type UserListQuery,
  type UserRefPayload,
} from '@app/contracts';
import { RpcHandler } from '@app/service-kit';
import { Controller, UseInterceptors } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { AccountsService } from './accounts.service';
import { SessionChangeInterceptor } from '../auth/session-change.interceptor';

@Controller()
@UseInterceptors(SessionChangeInterceptor)
export class AccountsMessagesController {
  constructor(private readonly accounts: AccountsService) {}

  @RpcHandler(UsersRpc.list)
  list(@Payload() { actor, data }: RpcEnvelope<UserListQuery>) {
    return this.accounts.list(actor, data);
  }

  @RpcHandler(UsersRpc.get)
  get(@Payload() { actor, data }: RpcEnvelope<UserIdPayload>) {
    return this.accounts.get(actor, data.id);
  }

  @RpcHandler(UsersRpc.update)
  update(@Payload() { actor, data }: RpcEnvelope<UpdateUserPayload>) {
    return this.accounts.update(actor, data);
  }

  @RpcHandler(UsersRpc.createAccount)
  createAccount(@Payload() { actor, data }: RpcEnvelope<CreateAccountBody>) {
    return this.accounts.createAccount(actor, data);
  }

  @RpcHandler(UsersRpc.resendTemporaryPassword)
  resendTemporaryPassword(@Payload() { actor, data }: RpcEnvelope<ResendTemporaryPasswordBody>) {
    return this.accounts.resendTemporaryPassword(actor, data);
  }

  @RpcHandler(UsersRpc.deleteAccount)
  deleteAccount(@Payload() { actor, data }: RpcEnvelope<DeleteUserAccountBody>) {
    return this.accounts.deleteAccount(actor, data);
  }

  @RpcHandler(UsersRpc.setChildAccounts)
  setChildAccounts(@Payload() { actor, data }: RpcEnvelope<SetChildAccountsPayload>) {
    return this.accounts.setChildAccounts(actor, data);
  }

  @RpcHandler(UsersRpc.childAccountsPage)
  childAccountsPage(@Payload() { actor, data }: RpcEnvelope<ChildAccountsPagePayload>) {
    return this.accounts.childAccountsPage(actor, data);
  }

  @RpcHandler(UsersRpc.childAccountsData)
  childAccountsData(@Payload() { actor, data }: RpcEnvelope<UserRefPayload>) {
    return this.accounts.childAccountsData(actor, data.userId);
  }
}
