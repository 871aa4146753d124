import { randomUUID } from 'node:crypto';
import { defineRpc, Namespace, QA_ROLE_TAGS, ROLES, systemActor, type QaRoleTag, type Role } from '@app/contracts';
import { connectNats, RpcClient } from '@app/messaging';
import { Type } from 'class-transformer';
import { ArrayMaxSize, IsArray, IsBoolean, IsIn, IsNotEmpty, IsOptional, IsString, IsUUID, ValidateNested } from 'class-validator';

/**
 * An account written as it is given: no mail, no e-mail or password rule, the password set
 * (hashed by the users service with its cost). Fields left out take the column's default.
 */
export class SeedAccount {
  /** a fixed id (the demo data); a new one when left out */
  @IsOptional() @IsUUID() id?: string;
  @IsString() @IsNotEmpty() email!: string;
  @IsString() @IsNotEmpty() displayName!: string;
  @IsIn(ROLES) userRole!: Role;
  @IsOptional() @IsArray() @IsIn(QA_ROLE_TAGS, { each: true }) roleTags?: QaRoleTag[];
  /** permission names; a name the permission list does not hold is skipped */
  @IsOptional() @IsArray() @IsString({ each: true }) permissions?: string[];
  @IsOptional() @IsString() country?: string;
  @IsOptional() @IsString() city?: string;
  @IsOptional() @IsString() postalCode?: string;
  @IsOptional() @IsString() address?: string;
  @IsOptional() @IsString() companyId?: string;
  /** the display name when left out */
  @IsOptional() @IsString() contactName?: string;
  @IsOptional() @IsString() contactPhone?: string;
  @IsOptional() @IsString() contactTitle?: string;
  @IsOptional() @IsBoolean() enabledQa?: boolean;
  @IsOptional() @IsBoolean() mobileAppAccess?: boolean;
  @IsString() @IsNotEmpty() password!: string;
  /** on a temporary password: the first sign-in asks for a new one */
  @IsOptional() @IsBoolean() temporary?: boolean;
  /** for Management: its child accounts (they must exist) */
  @IsOptional() @IsArray() @IsUUID('all', { each: true }) children?: string[];
}

/** A sales person of an account; with a `password` it has a login of its own. */
export class SeedSalesPerson {
  @IsOptional() @IsUUID() id?: string;
  @IsUUID() userId!: string;
  @IsString() @IsNotEmpty() name!: string;
  @IsString() @IsNotEmpty() email!: string;
  @IsString() @IsNotEmpty() phone!: string;
  @IsOptional() @IsString() @IsNotEmpty() password?: string;
  /** its login on a temporary password */
  @IsOptional() @IsBoolean() temporary?: boolean;
}

export class SeedAccountsPayload {
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => SeedAccount) accounts?: SeedAccount[];
  @IsOptional() @IsArray() @ArrayMaxSize(1000) @ValidateNested({ each: true }) @Type(() => SeedSalesPerson) salesPeople?: SeedSalesPerson[];
}

export interface SeededRow {
  id: string;
  email: string;
  /** false when a row with that id or e-mail was there already (it is left as it is) */
  created: boolean;
}

/** In the order given. */
export interface SeededAccounts {
  accounts: SeededRow[];
  salesPeople: SeededRow[];
}

/**
 * Development and tests only: the users service writes accounts and sales people with a
 * chosen password, which no product call does (an admin's new account gets a temporary
 * password by mail). It answers only when its `ACCOUNT_SEEDING` is on and the caller is the
 * system; the gateway routes nothing here. `make dev`'s demo accounts are written by the
 * same code, inside the service.
 */
export const SeedingRpc = {
  accounts: defineRpc<SeedAccountsPayload, SeededAccounts>('users', 'seeding.accounts', SeedAccountsPayload),
};

/**
 * Asks the users service of a running stack to seed, where the stack's environment (its
 * `NATS_URL` and `NATS_NAMESPACE`) says it listens; throws with its answer when refused.
 */
export async function seedAccounts(env: Readonly<Record<string, string | undefined>>, payload: SeedAccountsPayload): Promise<SeededAccounts> {
  if (!env.NATS_URL) throw new Error('the environment names no NATS_URL to reach the users service at');
  const nc = await connectNats(env.NATS_URL, 'account-seeding');
  try {
    const rpc = new RpcClient(nc, new Namespace(env.NATS_NAMESPACE ?? ''), 30_000);
    return await rpc.send(SeedingRpc.accounts, payload, systemActor(`seeding-${randomUUID()}`));
  } finally {
    await nc.close();
  }
}
