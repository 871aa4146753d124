import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsString, IsUUID, Length } from 'class-validator';
import { IsOmittable } from '../validation';
import { PageQuery } from '../paging';
import type { Paged } from '../wire';
import { defineRpc } from '../rpc';
import { trim } from '../transforms';
import type { BannerView } from '../wire';

const toBool = ({ value }: { value: unknown }) => (value === 'true' ? true : value === 'false' ? false : value);

export class BannerBody {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 500) message!: string;
  @ApiPropertyOptional({
    default: false,
    description: 'Visible (true) or Hidden (false). A new banner is hidden until the admin publishes it; visible banners appear in the mobile app, never in the web app.',
  })
  @IsOmittable()
  @IsBoolean()
  isActive?: boolean;
}

export class BannerPatch {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, 500) message?: string;
  @ApiPropertyOptional() @IsOmittable() @IsBoolean() isActive?: boolean;
}

export class BannerListQuery extends PageQuery {
  @ApiPropertyOptional({ description: 'only visible (true) or hidden (false) banners; others than the admin see visible ones only' })
  @IsOptional()
  @Transform(toBool)
  @IsBoolean()
  isActive?: boolean;
}

export class BannerIdPayload {
  @IsUUID() id!: string;
}

export class UpdateBannerPayload extends BannerPatch {
  @IsUUID() id!: string;
}

export const BannersRpc = {
  list: defineRpc<BannerListQuery, Paged<BannerView>>('users', 'banners.list', BannerListQuery),
  get: defineRpc<BannerIdPayload, BannerView>('users', 'banners.get', BannerIdPayload),
  create: defineRpc<BannerBody, BannerView>('users', 'banners.create', BannerBody),
  update: defineRpc<UpdateBannerPayload, BannerView>('users', 'banners.update', UpdateBannerPayload),
};
