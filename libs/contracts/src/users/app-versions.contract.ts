import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsIn, IsOptional, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { IsOmittable } from '../validation';
import { PageQuery } from '../paging';
import type { Paged } from '../wire';
import { defineRpc } from '../rpc';
import { trim } from '../transforms';
import { APP_VERSION_MESSAGES, PLATFORMS, type AppVersionView, type Platform } from '../wire';

const VERSION = /^\d{1,4}\.\d{1,4}\.\d{1,6}$/;
const VERSION_MESSAGE = APP_VERSION_MESSAGES.versionFormat;

export class AppVersionBody {
  @ApiProperty({ example: '1.2.34' }) @Transform(trim) @IsString() @Matches(VERSION, { message: VERSION_MESSAGE }) versionString!: string;
  @ApiPropertyOptional({ enum: PLATFORMS, default: 'Android' }) @IsOmittable() @IsIn(PLATFORMS) platform?: Platform;
  @ApiPropertyOptional({ default: false }) @IsOmittable() @IsBoolean() needsDatabaseDeleteOnMobile?: boolean;
  @ApiPropertyOptional({ default: false, description: 'setting it makes this the only required minimum of its platform' })
  @IsOmittable()
  @IsBoolean()
  isTheRequiredMinimumVersionCurrently?: boolean;
}

export class AppVersionPatch {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Matches(VERSION, { message: VERSION_MESSAGE }) versionString?: string;
  @ApiPropertyOptional({ enum: PLATFORMS }) @IsOmittable() @IsIn(PLATFORMS) platform?: Platform;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() needsDatabaseDeleteOnMobile?: boolean;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() isTheRequiredMinimumVersionCurrently?: boolean;
}

export class AppVersionListQuery extends PageQuery {
  @ApiPropertyOptional({ enum: PLATFORMS }) @IsOptional() @IsIn(PLATFORMS) platform?: Platform;
  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(20) search?: string;
}

export class AppVersionIdPayload {
  @IsUUID() id!: string;
}

export class UpdateAppVersionPayload extends AppVersionPatch {
  @IsUUID() id!: string;
}

export const AppVersionsRpc = {
  list: defineRpc<AppVersionListQuery, Paged<AppVersionView>>('users', 'app-versions.list', AppVersionListQuery),
  get: defineRpc<AppVersionIdPayload, AppVersionView>('users', 'app-versions.get', AppVersionIdPayload),
  create: defineRpc<AppVersionBody, AppVersionView>('users', 'app-versions.create', AppVersionBody),
  update: defineRpc<UpdateAppVersionPayload, AppVersionView>('users', 'app-versions.update', UpdateAppVersionPayload),
  delete: defineRpc<AppVersionIdPayload, { deleted: true }>('users', 'app-versions.delete', AppVersionIdPayload),
};
