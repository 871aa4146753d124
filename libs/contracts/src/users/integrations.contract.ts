import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUUID,
  Max,
  MaxLength,
  Min,
  ValidateBy,
  ValidateNested,
} from 'class-validator';
import { defineRpc } from '../rpc';
import type { Mirror } from '../mirror';
import {
  fileNamePatternProblem,
  INTEGRATION_PROVIDERS,
  OUTPUT_FORMATS,
  OUTPUT_LIMITS,
  type IntegrationSettings,
  type IntegrationType,
  type IntegrationView,
  type OutputFormat,
  type OutputRules,
  type ProviderView,
  type TestConnectionResult,
} from '../wire';
import { UserRefPayload } from './users.contract';
import { IsJsonObjectWhere, IsOmittable } from '../validation';

const PROVIDER_NAMES = INTEGRATION_PROVIDERS.map((p) => p.provider);

const SETTINGS_MAX_KEYS = 20;
const SETTING_MAX_CHARS = 2000;

/**
 * A flat object of settings: at most 20 names, each a text of at most 2000 characters, a
 * finite number or a boolean. Which names a provider takes, and their rules, are checked by
 * the users service against `providerSettings` (the provider is not in every body).
 */
const IsSettingsMap = (): PropertyDecorator =>
  IsJsonObjectWhere(
    'isSettingsMap',
    (value) =>
      Object.getPrototypeOf(value) === Object.prototype &&
      Object.keys(value).length <= SETTINGS_MAX_KEYS &&
      Object.entries(value).every(
        ([k, v]) =>
          k.length <= 50 &&
          ((typeof v === 'string' && v.length <= SETTING_MAX_CHARS) || (typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean'),
      ),
    `settings must be an object of at most ${SETTINGS_MAX_KEYS} settings, each a text of at most ${SETTING_MAX_CHARS} characters, a number or true/false`,
  );

const IsFileNamePattern = (): PropertyDecorator =>
  ValidateBy({
    name: 'isFileNamePattern',
    validator: {
      validate: (value: unknown) => typeof value === 'string' && fileNamePatternProblem(value) === null,
      defaultMessage: (args) => (typeof args?.value === 'string' ? fileNamePatternProblem(args.value) : null) ?? 'fileNamePattern must be a text',
    },
  });

/** What a delivery sends to the integration and how it names the files (every field given). */
export class OutputRulesBody implements OutputRules {
  @ApiProperty({ type: [Number], description: 'positions sent, in this order; empty: every position in position order', maxItems: OUTPUT_LIMITS.positions })
  @IsArray()
  @ArrayMaxSize(OUTPUT_LIMITS.positions)
  @IsInt({ each: true })
  @Min(0, { each: true })
  @Max(999, { each: true })
  positions!: number[];
  @ApiProperty({ type: 'integer', nullable: true, minimum: OUTPUT_LIMITS.maxFiles.min, maximum: OUTPUT_LIMITS.maxFiles.max, description: 'at most this many files; null: all' })
  @IsOptional()
  @IsInt()
  @Min(OUTPUT_LIMITS.maxFiles.min)
  @Max(OUTPUT_LIMITS.maxFiles.max)
  maxFiles!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: OUTPUT_LIMITS.size.min, maximum: OUTPUT_LIMITS.size.max, description: 'fit within this width (never enlarged); null: as processed' })
  @IsOptional()
  @IsInt()
  @Min(OUTPUT_LIMITS.size.min)
  @Max(OUTPUT_LIMITS.size.max)
  width!: number | null;
  @ApiProperty({ type: 'integer', nullable: true, minimum: OUTPUT_LIMITS.size.min, maximum: OUTPUT_LIMITS.size.max, description: 'fit within this height (never enlarged); null: as processed' })
  @IsOptional()
  @IsInt()
  @Min(OUTPUT_LIMITS.size.min)
  @Max(OUTPUT_LIMITS.size.max)
  height!: number | null;
  @ApiProperty({ enum: OUTPUT_FORMATS, enumName: 'OutputFormat' }) @IsIn(OUTPUT_FORMATS) format!: OutputFormat;
  @ApiProperty({ type: 'integer', minimum: OUTPUT_LIMITS.quality.min, maximum: OUTPUT_LIMITS.quality.max })
  @IsInt()
  @Min(OUTPUT_LIMITS.quality.min)
  @Max(OUTPUT_LIMITS.quality.max)
  quality!: number;
  @ApiProperty({ maxLength: OUTPUT_LIMITS.fileNamePattern, example: '{orderName}-{position}', description: '{orderName}, {position}, {angle} and {index} are replaced; must name {position} or {index}' })
  @IsFileNamePattern()
  fileNamePattern!: string;
  @ApiProperty({ description: "put the style guide's logo on" }) @IsBoolean() logo!: boolean;
  @ApiProperty({ description: 'put the "digitally edited" label on' }) @IsBoolean() editedLabel!: boolean;
}

const SETTINGS_DOC: ApiPropertyOptions = {
  type: 'object',
  additionalProperties: { oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] },
  description: "the provider's settings (host, port, path, container, endpoint …); secrets among them are stored encrypted and never returned",
};

/** `Username` and `Password` keep their capital letters: that is how the API's clients name them. */
export class CreateIntegrationBody {
  @ApiProperty({ enum: PROVIDER_NAMES }) @IsIn(PROVIDER_NAMES) provider!: string;
  @ApiProperty() @IsBoolean() isActive!: boolean;
  @ApiPropertyOptional({ description: "deliver the account's orders here by themselves once they are Ready to download (default false)" })
  @IsOmittable()
  @IsBoolean()
  autoDeliver?: boolean;
  @ApiProperty() @IsUUID() userId!: string;
  @ApiPropertyOptional() @IsOmittable() @IsString() @MaxLength(200) Username?: string;
  @ApiPropertyOptional({ description: 'stored encrypted; never returned' }) @IsOmittable() @IsString() @MaxLength(500) Password?: string;
  @ApiPropertyOptional(SETTINGS_DOC) @IsOmittable() @IsSettingsMap() settings?: IntegrationSettings;
  @ApiPropertyOptional({ type: OutputRulesBody }) @IsOmittable() @ValidateNested() @Type(() => OutputRulesBody) outputRules?: OutputRulesBody;
}

export class UpdateIntegrationBody {
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() isActive?: boolean;
  @ApiPropertyOptional({ description: "deliver the account's orders here by themselves once they are Ready to download" })
  @IsOmittable()
  @IsBoolean()
  autoDeliver?: boolean;
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
  @ApiPropertyOptional({ ...SETTINGS_DOC, description: 'every setting (what is left out is cleared); a secret left out or empty keeps the stored one' })
  @IsOmittable()
  @IsSettingsMap()
  settings?: IntegrationSettings;
  @ApiPropertyOptional({ type: OutputRulesBody }) @IsOmittable() @ValidateNested() @Type(() => OutputRulesBody) outputRules?: OutputRulesBody;
}

export class UpdateIntegrationPayload extends UpdateIntegrationBody {
  @IsUUID()
  id!: string;
}

export class IntegrationIdPayload {
  @IsUUID()
  id!: string;
}

/**
 * An integration as the delivery service needs it: every setting with the secrets opened,
 * the credentials in clear and the output rules. Answered to the system actor only, never
 * through the gateway.
 */
export interface IntegrationForDelivery {
  id: string;
  userId: string;
  provider: string;
  integrationType: IntegrationType;
  isActive: boolean;
  username: string | null;
  password: string | null;
  settings: IntegrationSettings;
  outputRules: OutputRules;
}

type CheckedIntegrationBodies = [Mirror<OutputRulesBody, OutputRules>];
export type { CheckedIntegrationBodies };

export const IntegrationsRpc = {
  providers: defineRpc<Record<string, never>, ProviderView[]>('users', 'integrations.providers', null),
  ofUser: defineRpc<UserRefPayload, IntegrationView[]>('users', 'integrations.of-user', UserRefPayload),
  create: defineRpc<CreateIntegrationBody, IntegrationView>('users', 'integrations.create', CreateIntegrationBody),
  update: defineRpc<UpdateIntegrationPayload, IntegrationView>('users', 'integrations.update', UpdateIntegrationPayload),
  delete: defineRpc<IntegrationIdPayload, { deleted: true }>('users', 'integrations.delete', IntegrationIdPayload),
  /** one integration, for whoever may read its account (the delivery service asks as the system) */
  find: defineRpc<IntegrationIdPayload, IntegrationView>('users', 'integrations.find', IntegrationIdPayload),
  /** 404 unless the actor may change the integration (as PUT may); answers whose it is */
  mayManage: defineRpc<IntegrationIdPayload, { id: string; userId: string }>('users', 'integrations.may-manage', IntegrationIdPayload),
  /** system only: the integration with its settings, secrets and credentials in clear, for the delivery service */
  forDelivery: defineRpc<IntegrationIdPayload, IntegrationForDelivery>('users', 'integrations.for-delivery', IntegrationIdPayload),
};

/** `delivery.integrations.test-connection`: connects with the integration's settings (as the actor may manage it). */
export const DeliveryIntegrationsRpc = {
  testConnection: defineRpc<IntegrationIdPayload, TestConnectionResult>('delivery', 'integrations.test-connection', IntegrationIdPayload),
};
