import { ApiProperty } from '@nestjs/swagger';
import { IsString, Matches, MaxLength } from 'class-validator';
import { defineRpc } from '../rpc';
import type { Mirror } from '../mirror';
import type { AppSettingView, UpdateAppSettingRequest } from '../wire/app-settings';

export class UpdateAppSettingBody implements UpdateAppSettingRequest {
  @ApiProperty({ description: 'the new value as text, read by the setting\'s valueType (true/false, a number, a YYYY-MM-DD date, or text)' })
  @IsString()
  @MaxLength(500)
  value!: string;
}

type CheckedBodies = [Mirror<UpdateAppSettingBody, UpdateAppSettingRequest>];

export class UpdateAppSettingPayload extends UpdateAppSettingBody {
  @Matches(/^[A-Z][A-Z0-9_]{0,63}$/, { message: 'name must be an app setting name like CONTACT_EMAIL' })
  name!: string;
}

export const AppSettingsRpc = {
  list: defineRpc<Record<string, never>, AppSettingView[]>('users', 'app-settings.list', null),
  update: defineRpc<UpdateAppSettingPayload, AppSettingView>('users', 'app-settings.update', UpdateAppSettingPayload),
};
