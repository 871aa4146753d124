import { Column, Entity, PrimaryColumn } from 'typeorm';

export type JobStatus = 'processed' | 'failed' | 'superseded';

/** A finished job (processed, failed or superseded by a newer job for the same image). */
@Entity('pipeline_job')
export class JobRecord {
  @PrimaryColumn('uuid', { name: 'job_id' }) jobId!: string;
  @Column('text', { name: 'image_id' }) imageId!: string;
  @Column('text', { name: 'order_id' }) orderId!: string;
  @Column('text') route!: string;
  @Column('text') lane!: string;
  @Column('text') status!: JobStatus;
  @Column('text', { nullable: true }) code!: string | null;
  @Column('text', { nullable: true }) reason!: string | null;
  @Column('integer', { nullable: true }) width!: number | null;
  @Column('integer', { nullable: true }) height!: number | null;
  @Column('integer', { name: 'file_size', nullable: true }) fileSize!: number | null;
  @Column('integer') attempt!: number;
  @Column('integer', { name: 'duration_ms' }) durationMs!: number;
  @Column('text') worker!: string;
  @Column('timestamptz', { name: 'requested_at' }) requestedAt!: Date;
  @Column('timestamptz', { name: 'finished_at', default: () => 'now()' }) finishedAt!: Date;
}

/** Which job last wrote an image's outputs. */
@Entity('image_output')
export class ImageOutputRecord {
  @PrimaryColumn('text', { name: 'order_id' }) orderId!: string;
  @PrimaryColumn('text', { name: 'image_id' }) imageId!: string;
  @Column('uuid', { name: 'job_id' }) jobId!: string;
  @Column('timestamptz', { name: 'requested_at' }) requestedAt!: Date;
  @Column('timestamptz', { name: 'written_at', default: () => 'now()' }) writtenAt!: Date;
}
