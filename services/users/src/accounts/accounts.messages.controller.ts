import {
  ChildAccountsPagePayload,
  CreateAccountBody,
  DeleteUserAccountBody,
  ResendTemporaryPasswordBody,
  SetChildAccountsPayload,
  UpdateUserPayload,
  UserIdPayload,
  UserListQuery,
  UserRefPayload,
  UsersRpc,
  type RpcEnvelope,
} from '@app/contracts';
import { Envelope, RpcHandler } from '@app/service-kit';
import { Controller } from '@nestjs/common';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsMessagesController {
  constructor(private readonly accounts: AccountsService) {}

  @RpcHandler(UsersRpc.list)
  list(@Envelope(UserListQuery) { actor, data }: RpcEnvelope<UserListQuery>) {
    return this.accounts.list(actor, data);
  }

  @RpcHandler(UsersRpc.get)
  get(@Envelope(UserIdPayload) { actor, data }: RpcEnvelope<UserIdPayload>) {
    return this.accounts.get(actor, data.id);
  }

  @RpcHandler(UsersRpc.update)
  update(@Envelope(UpdateUserPayload) { actor, data }: RpcEnvelope<UpdateUserPayload>) {
    return this.accounts.update(actor, data);
  }

  @RpcHandler(UsersRpc.createAccount)
  createAccount(@Envelope(CreateAccountBody) { actor, data }: RpcEnvelope<CreateAccountBody>) {
    return this.accounts.createAccount(actor, data);
  }

  @RpcHandler(UsersRpc.resendTemporaryPassword)
  resendTemporaryPassword(@Envelope(ResendTemporaryPasswordBody) { actor, data }: RpcEnvelope<ResendTemporaryPasswordBody>) {
    return this.accounts.resendTemporaryPassword(actor, data);
  }

  @RpcHandler(UsersRpc.deleteAccount)
  deleteAccount(@Envelope(DeleteUserAccountBody) { actor, data }: RpcEnvelope<DeleteUserAccountBody>) {
    return this.accounts.deleteAccount(actor, data);
  }

  @RpcHandler(UsersRpc.setChildAccounts)
  setChildAccounts(@Envelope(SetChildAccountsPayload) { actor, data }: RpcEnvelope<SetChildAccountsPayload>) {
    return this.accounts.setChildAccounts(actor, data);
  }

  @RpcHandler(UsersRpc.childAccountsPage)
  childAccountsPage(@Envelope(ChildAccountsPagePayload) { actor, data }: RpcEnvelope<ChildAccountsPagePayload>) {
    return this.accounts.childAccountsPage(actor, data);
  }

  @RpcHandler(UsersRpc.childAccountsData)
  childAccountsData(@Envelope(UserRefPayload) { actor, data }: RpcEnvelope<UserRefPayload>) {
    return this.accounts.childAccountsData(actor, data.userId);
  }
}
