import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { nullable } from '../transforms';
import { defineRpc } from '../rpc';
import type { Mirror } from '../mirror';
import { IsOmittable } from '../validation';
import {
  APP_SETTING_CATEGORIES,
  APP_SETTING_MESSAGES,
  APP_SETTING_NAME_PATTERN,
  APP_SETTING_TYPES,
  APP_SETTING_VALUE_MAX_LENGTH,
  APP_SETTING_VALUE_TYPES,
  type AppSettingCategory,
  type AppSettingType,
  type AppSettingValueType,
  type AppSettingView,
  type CreateAppSettingRequest,
  type UpdateAppSettingRequest,
} from '../wire';

export class UpdateAppSettingBody implements UpdateAppSettingRequest {
  @ApiProperty({ description: 'the new value as text, read by the setting\'s valueType (true/false, a number, a YYYY-MM-DD date, or text; a MULTI_VALUE setting takes them separated by commas)', maxLength: APP_SETTING_VALUE_MAX_LENGTH })
  @IsString()
  @MaxLength(APP_SETTING_VALUE_MAX_LENGTH)
  value!: string;
}

/** `POST /appSettings` */
export class CreateAppSettingBody implements CreateAppSettingRequest {
  @ApiProperty({ example: 'DEFAULT_ZOOM_VALUES', pattern: APP_SETTING_NAME_PATTERN.source, maxLength: 64 })
  @IsString()
  @Matches(APP_SETTING_NAME_PATTERN, { message: APP_SETTING_MESSAGES.wrongName })
  name!: string;

  @ApiProperty({ description: 'the value as text, read by valueType (a MULTI_VALUE setting: values separated by commas)', maxLength: APP_SETTING_VALUE_MAX_LENGTH })
  @IsString()
  @MaxLength(APP_SETTING_VALUE_MAX_LENGTH)
  value!: string;

  @ApiProperty({ enum: APP_SETTING_VALUE_TYPES, enumName: 'AppSettingValueType' })
  @IsIn(APP_SETTING_VALUE_TYPES)
  valueType!: AppSettingValueType;

  @ApiPropertyOptional({ enum: APP_SETTING_CATEGORIES, nullable: true, description: 'what the setting is about; none (null) for the web app\'s own settings' })
  @ValidateIf(nullable)
  @IsIn(APP_SETTING_CATEGORIES)
  category?: AppSettingCategory | null;

  @ApiPropertyOptional({ enum: APP_SETTING_TYPES, enumName: 'AppSettingType', default: 'SINGLE_VALUE' })
  @IsOmittable()
  @IsIn(APP_SETTING_TYPES)
  settingType?: AppSettingType;
}

export type AppSettingBodiesMirrored = [Mirror<UpdateAppSettingBody, UpdateAppSettingRequest>, Mirror<CreateAppSettingBody, CreateAppSettingRequest>];

export class UpdateAppSettingPayload extends UpdateAppSettingBody {
  @Matches(APP_SETTING_NAME_PATTERN, { message: 'name must be an app setting name like CONTACT_EMAIL' })
  name!: string;
}

export const AppSettingsRpc = {
  list: defineRpc<Record<string, never>, AppSettingView[]>('users', 'app-settings.list', null),
  update: defineRpc<UpdateAppSettingPayload, AppSettingView>('users', 'app-settings.update', UpdateAppSettingPayload),
  create: defineRpc<CreateAppSettingBody, AppSettingView>('users', 'app-settings.create', CreateAppSettingBody),
};
