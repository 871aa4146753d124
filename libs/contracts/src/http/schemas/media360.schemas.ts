import { MEDIA360_KINDS, MEDIA360_STATUSES, type Media360Kind, type Media360Status } from '../../wire/media360';
import { Field } from '../fields';

/** The answers of the 360 media of orders: each class is THE declaration of its shape (the wire module re-exports its type). */

export class Media360FrameUpload {
  @Field.url() url!: string;
  @Field.string({ description: 'JSON text of the form fields' }) fields!: string;
}

export class Media360SignedUploadResult {
  @Field.id() media360Id!: string;
  @Field.list(Media360FrameUpload, { description: 'one presigned POST per frame, in the order asked' }) frames!: Media360FrameUpload[];
  @Field.dateTime() expiresAt!: string;
}

export class Media360View {
  @Field.id() id!: string;
  @Field.id() orderId!: string;
  @Field.oneOf(MEDIA360_KINDS, 'Media360Kind') kind!: Media360Kind;
  @Field.oneOf(MEDIA360_STATUSES, 'Media360Status') status!: Media360Status;
  @Field.int() frameCount!: number;
  @Field.int({ nullable: true, description: 'pixels of each frame' }) width!: number | null;
  @Field.int({ nullable: true }) height!: number | null;
  @Field.int({ nullable: true, description: 'bytes of all its frames' }) totalSize!: number | null;
  @Field.strings({ description: 'short-lived links to the frames, in order; empty until ready' }) frameUrls!: string[];
  @Field.string({ nullable: true }) failureReason!: string | null;
  @Field.dateTime() createdAt!: string;
}
