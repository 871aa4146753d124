import { RE_EDIT_MESSAGES, RpcError } from '@app/contracts';
import { isUniqueViolation } from '@app/service-kit';
import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ReEditRequest } from './re-edit-request.entity';

/** Re-edit requests of pictures (`re_edit_request`). */
@Injectable()
export class ReEditRequestsRepository {
  findById(m: EntityManager, id: string): Promise<ReEditRequest | null> {
    return m.findOne(ReEditRequest, { where: { id } });
  }

  /** The request, locked until the transaction ends (an answer is given once). */
  lockForUpdate(m: EntityManager, id: string): Promise<ReEditRequest | null> {
    return m.findOne(ReEditRequest, { where: { id }, lock: { mode: 'pessimistic_write' } });
  }

  /** The picture's open request, locked until the transaction ends; null when none is open. */
  openOfImage(m: EntityManager, imageId: string): Promise<ReEditRequest | null> {
    return m.findOne(ReEditRequest, { where: { imageId, state: 'open' }, lock: { mode: 'pessimistic_write' } });
  }

  /** A new request; answers it as stored (409 when the picture has an open one already). */
  async insert(m: EntityManager, request: Partial<ReEditRequest>): Promise<ReEditRequest> {
    try {
      return await m.save(ReEditRequest, m.create(ReEditRequest, request));
    } catch (err) {
      if (isUniqueViolation(err, 're_edit_request_open_uq')) throw RpcError.conflict(RE_EDIT_MESSAGES.alreadyOpen);
      throw err;
    }
  }

  save(m: EntityManager, request: ReEditRequest): Promise<ReEditRequest> {
    return m.save(ReEditRequest, request);
  }

  /** The order's requests, newest first. */
  ofOrder(m: EntityManager, orderId: string): Promise<ReEditRequest[]> {
    return m.find(ReEditRequest, { where: { orderId }, order: { createdAt: 'DESC', id: 'ASC' } });
  }

  /** Requests a deleted user made or answered on other accounts' orders stay, without naming it. */
  async forgetUser(m: EntityManager, userId: string): Promise<void> {
    await m.query('UPDATE re_edit_request SET requested_by_user_id = NULL, requested_by_name = NULL WHERE requested_by_user_id = $1', [userId]);
    await m.query('UPDATE re_edit_request SET answered_by_user_id = NULL WHERE answered_by_user_id = $1', [userId]);
  }
}
