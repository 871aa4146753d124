import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsNotEmpty, IsString, IsUUID, MaxLength, ValidateBy, ValidateIf } from 'class-validator';
import { defineRpc } from '../rpc';
import { trim } from '../transforms';
import type { Mirror } from '../mirror';
import {
  RE_EDIT_MESSAGES,
  RE_EDIT_REASONS,
  RE_EDIT_TEXT_MAX,
  type ReEditDeclineRequest,
  type ReEditReason,
  type ReEditRequestRequest,
  type ReEditRequestView,
} from '../wire';

/** The text of a request: free, but required (not blank) when the reason is `other`. */
const TextForOther = (): PropertyDecorator =>
  ValidateBy({
    name: 'textForOther',
    validator: {
      validate: (value: unknown, args) => (args?.object as { reason?: unknown }).reason !== 'other' || (typeof value === 'string' && value.trim() !== ''),
      defaultMessage: () => RE_EDIT_MESSAGES.textRequired,
    },
  });

export class ReEditRequestBody implements ReEditRequestRequest {
  @ApiProperty({ enum: RE_EDIT_REASONS, enumName: 'ReEditReason' }) @IsIn(RE_EDIT_REASONS) reason!: ReEditReason;
  @ApiPropertyOptional({ maxLength: RE_EDIT_TEXT_MAX, description: 'what to change; required when the reason is `other`' })
  // may be left out, except for `other` (null is checked like any value)
  @ValidateIf((o: ReEditRequestBody) => o.text !== undefined || o.reason === 'other')
  @TextForOther()
  @Transform(trim)
  @IsString()
  @MaxLength(RE_EDIT_TEXT_MAX)
  text?: string;
}

export class ReEditRequestPayload extends ReEditRequestBody {
  @IsUUID() imageId!: string;
}

export class ReEditDeclineBody implements ReEditDeclineRequest {
  @ApiProperty({ maxLength: RE_EDIT_TEXT_MAX, description: "QA's answer, shown to the dealership" })
  @Transform(trim)
  @IsString()
  @IsNotEmpty()
  @MaxLength(RE_EDIT_TEXT_MAX)
  text!: string;
}

export class ReEditDeclinePayload extends ReEditDeclineBody {
  @IsUUID() id!: string;
}

export class ReEditOrderPayload {
  @IsUUID() orderId!: string;
}

/** Exported so that the web app's stricter check (noUnusedLocals) takes it as used; nothing imports it. */
export type ReEditBodiesMirrored = [Mirror<ReEditRequestBody, ReEditRequestRequest>, Mirror<ReEditDeclineBody, ReEditDeclineRequest>];

export const ReEditRequestsRpc = {
  create: defineRpc<ReEditRequestPayload, ReEditRequestView>('images', 're-edit-requests.create', ReEditRequestPayload),
  decline: defineRpc<ReEditDeclinePayload, ReEditRequestView>('images', 're-edit-requests.decline', ReEditDeclinePayload),
  ofOrder: defineRpc<ReEditOrderPayload, ReEditRequestView[]>('images', 're-edit-requests.of-order', ReEditOrderPayload),
};
