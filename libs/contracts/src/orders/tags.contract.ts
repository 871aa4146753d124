import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsOptional, IsString, IsUUID, Length, Matches, MaxLength } from 'class-validator';
import { IsOmittable } from '../validation';
import { PageQuery } from '../paging';
import type { Paged } from '../wire/paging';
import { defineRpc } from '../rpc';
import { trim } from '../transforms';
import {
  TAG_CATEGORIES,
  TAG_COLORS,
  TAG_ENTITIES,
  TAGGED_ENTITIES,
  type TagCategory,
  type TagEntity,
  type TaggedEntity,
  type TagView,
} from '../wire';

const COLOR = new RegExp(`^(${TAG_COLORS.join('|')}|#[0-9A-Fa-f]{6})$`);

export class TagBody {
  @ApiProperty() @Transform(trim) @IsString() @Length(1, 60) name!: string;
  @ApiProperty({ enum: TAG_CATEGORIES }) @IsIn(TAG_CATEGORIES) category!: TagCategory;
  @ApiProperty({ enum: TAG_ENTITIES }) @IsIn(TAG_ENTITIES) entity!: TagEntity;
  @ApiProperty({ description: `one of ${TAG_COLORS.join(', ')} or #RRGGBB` })
  @Matches(COLOR, { message: `color must be one of ${TAG_COLORS.join(', ')} or a hex colour like #1E88E5` })
  color!: string;
}

export class TagPatch {
  @ApiPropertyOptional() @IsOmittable() @Transform(trim) @IsString() @Length(1, 60) name?: string;
  @ApiPropertyOptional({ enum: TAG_CATEGORIES }) @IsOmittable() @IsIn(TAG_CATEGORIES) category?: TagCategory;
  @ApiPropertyOptional({ enum: TAG_ENTITIES }) @IsOmittable() @IsIn(TAG_ENTITIES) entity?: TagEntity;
  @ApiPropertyOptional()
  @IsOmittable()
  @Matches(COLOR, { message: `color must be one of ${TAG_COLORS.join(', ')} or a hex colour like #1E88E5` })
  color?: string;
}

export class TagListQuery extends PageQuery {
  @ApiPropertyOptional() @IsOptional() @Transform(trim) @IsString() @MaxLength(60) search?: string;
  @ApiPropertyOptional({ enum: TAG_CATEGORIES }) @IsOptional() @IsIn(TAG_CATEGORIES) category?: TagCategory;
  @ApiPropertyOptional({ enum: TAG_ENTITIES }) @IsOptional() @IsIn(TAG_ENTITIES) entity?: TagEntity;
}

export class TagIdPayload {
  @IsUUID() id!: string;
}

export class UpdateTagPayload extends TagPatch {
  @IsUUID() id!: string;
}

export class TaggedEntityPayload {
  @ApiProperty({ enum: TAGGED_ENTITIES }) @IsIn(TAGGED_ENTITIES) entity!: TaggedEntity;
  @ApiProperty() @IsUUID() entityId!: string;
}

export class AssignTagBody {
  @ApiProperty() @IsUUID() tagId!: string;
}

export class AssignTagPayload extends TaggedEntityPayload {
  @IsUUID() tagId!: string;
}

/** `DELETE /tags/` body: the tag, the entity plural and the entity's id */
export class RemoveTagBody {
  @ApiProperty() @IsUUID() tagId!: string;
  @ApiProperty({ enum: TAGGED_ENTITIES }) @IsIn(TAGGED_ENTITIES) entity!: TaggedEntity;
  @ApiProperty() @IsUUID() entityId!: string;
}

/** the image tags of an order's pictures (for the images service's views) */
export class OrderImageTagsPayload {
  @IsUUID() orderId!: string;
}

export const TagsRpc = {
  list: defineRpc<TagListQuery, Paged<TagView>>('orders', 'tags.list', TagListQuery),
  get: defineRpc<TagIdPayload, TagView>('orders', 'tags.get', TagIdPayload),
  create: defineRpc<TagBody, TagView>('orders', 'tags.create', TagBody),
  update: defineRpc<UpdateTagPayload, TagView>('orders', 'tags.update', UpdateTagPayload),
  /** tags on an order, an image or a user */
  ofEntity: defineRpc<TaggedEntityPayload, TagView[]>('orders', 'tags.of-entity', TaggedEntityPayload),
  assign: defineRpc<AssignTagPayload, TagView[]>('orders', 'tags.assign', AssignTagPayload),
  remove: defineRpc<RemoveTagBody, TagView[]>('orders', 'tags.remove', RemoveTagBody),
  /** admin and QA: the tags on each picture of an order, by image id (pictures without tags are left out) */
  ofOrderImages: defineRpc<OrderImageTagsPayload, Record<string, TagView[]>>('orders', 'tags.of-order-images', OrderImageTagsPayload),
};
