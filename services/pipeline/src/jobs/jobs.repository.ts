import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ImageOutputRecord, JobRecord, type JobStatus } from './job-record.entity';

export interface NewJobRecord {
  jobId: string;
  imageId: string;
  orderId: string;
  route: string;
  lane: string;
  status: JobStatus;
  code?: string | null;
  reason?: string | null;
  width?: number | null;
  height?: number | null;
  fileSize?: number | null;
  attempt: number;
  durationMs: number;
  worker: string;
  requestedAt: Date;
}

/** The pipeline schema's tables (`pipeline_job`, `image_output`); every call runs in the caller's transaction. */
@Injectable()
export class JobsRepository {
  async isFinished(m: EntityManager, jobId: string): Promise<boolean> {
    const rows: unknown[] = await m.query('SELECT 1 FROM pipeline_job WHERE job_id = $1', [jobId]);
    return rows.length > 0;
  }

  /**
   * Serialises the completion of jobs of one image across every worker (a transaction-scoped
   * advisory lock, released at commit or rollback).
   */
  async lockImage(m: EntityManager, orderId: string, imageId: string): Promise<void> {
    await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`pipeline-image:${orderId}/${imageId}`]);
  }

  /** Records a finished job; false when it was already recorded (another worker finished it). */
  async record(m: EntityManager, r: NewJobRecord): Promise<boolean> {
    const result = await m
      .createQueryBuilder()
      .insert()
      .into(JobRecord)
      .values({
        ...r,
        code: r.code ?? null,
        reason: r.reason ?? null,
        width: r.width ?? null,
        height: r.height ?? null,
        fileSize: r.fileSize ?? null,
      })
      .orIgnore()
      .returning(['jobId'])
      .execute();
    return (result.raw as unknown[]).length > 0;
  }

  async lastOutput(m: EntityManager, orderId: string, imageId: string): Promise<ImageOutputRecord | null> {
    return m.findOne(ImageOutputRecord, { where: { orderId, imageId } });
  }

  async saveOutput(m: EntityManager, orderId: string, imageId: string, jobId: string, requestedAt: Date): Promise<void> {
    await m.query(
      `INSERT INTO image_output (order_id, image_id, job_id, requested_at, written_at) VALUES ($1, $2, $3, $4, now())
       ON CONFLICT (order_id, image_id) DO UPDATE SET job_id = EXCLUDED.job_id, requested_at = EXCLUDED.requested_at, written_at = now()`,
      [orderId, imageId, jobId, requestedAt],
    );
  }
}
