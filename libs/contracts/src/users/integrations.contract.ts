import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, MaxLength } from 'class-validator';
import { defineRpc } from '../rpc';
import { INTEGRATION_PROVIDERS, type IntegrationView, type ProviderView } from '../wire/integrations';
import { UserRefPayload } from './users.contract';
import { IsOmittable } from '../validation';

const PROVIDER_NAMES = INTEGRATION_PROVIDERS.map((p) => p.provider);

/** `Username` and `Password` keep their capital letters: that is how the API's clients name them. */
export class CreateIntegrationBody {
  @ApiProperty({ enum: PROVIDER_NAMES }) @IsIn(PROVIDER_NAMES) provider!: string;
  @ApiProperty() @IsBoolean() isActive!: boolean;
  @ApiProperty() @IsUUID() userId!: string;
  @ApiPropertyOptional() @IsOmittable() @IsString() @MaxLength(200) Username?: string;
  @ApiPropertyOptional({ description: 'stored encrypted; never returned' }) @IsOmittable() @IsString() @MaxLength(500) Password?: string;
}

export class UpdateIntegrationBody {
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() isActive?: boolean;
  @ApiPropertyOptional({ nullable: true, description: 'empty or null: no user name' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  Username?: string | null;
  @ApiPropertyOptional({ nullable: true, description: 'left out, empty or null: the stored password is kept' })
  @IsOptional()
  @IsString()
  @MaxLength(500)
  Password?: string | null;
}

export class UpdateIntegrationPayload extends UpdateIntegrationBody {
  @IsUUID()
  id!: string;
}

export class IntegrationIdPayload {
  @IsUUID()
  id!: string;
}

export const IntegrationsRpc = {
  providers: defineRpc<Record<string, never>, ProviderView[]>('users', 'integrations.providers', null),
  ofUser: defineRpc<UserRefPayload, IntegrationView[]>('users', 'integrations.of-user', UserRefPayload),
  create: defineRpc<CreateIntegrationBody, IntegrationView>('users', 'integrations.create', CreateIntegrationBody),
  update: defineRpc<UpdateIntegrationPayload, IntegrationView>('users', 'integrations.update', UpdateIntegrationPayload),
  delete: defineRpc<IntegrationIdPayload, { deleted: true }>('users', 'integrations.delete', IntegrationIdPayload),
  /** one integration, for whoever may read its account (the delivery service asks as the system) */
  find: defineRpc<IntegrationIdPayload, IntegrationView>('users', 'integrations.find', IntegrationIdPayload),
};
