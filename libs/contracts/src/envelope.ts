import { Type } from 'class-transformer';
import { IsArray, IsIn, IsOptional, IsString, IsUUID, ValidateNested } from 'class-validator';
import { ROLES } from './wire/roles';

/** Who asks. `Anonymous` is used for routes without a signed-in user (sign-in, health). */
export const ACTOR_ROLES = [...ROLES, 'Anonymous', 'System'] as const;
export type ActorRole = (typeof ACTOR_ROLES)[number];

/** Carried by every message from the gateway: services scope every query by it. */
export class Actor {
  @IsOptional()
  @IsUUID()
  userId?: string | null;

  @IsIn(ACTOR_ROLES)
  role!: ActorRole;

  @IsArray()
  @IsString({ each: true })
  permissions!: string[];

  @IsOptional()
  @IsUUID()
  salesPersonId?: string | null;

  @IsOptional()
  @IsUUID()
  actingForUserId?: string | null;

  @IsString()
  requestId!: string;
}

export class RpcEnvelope<T> {
  @ValidateNested()
  @Type(() => Actor)
  actor!: Actor;

  data!: T;
}

export function anonymousActor(requestId: string): Actor {
  return { userId: null, role: 'Anonymous', permissions: [], requestId };
}

export function systemActor(requestId: string): Actor {
  return { userId: null, role: 'System', permissions: [], requestId };
}
