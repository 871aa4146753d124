import type { DeliveryMessageView, DeliveryReceiptView } from '@app/contracts';
import type { DeliveryMessage } from './delivery-message.entity';
import type { DeliveryReceiptRow } from './delivery-receipt.entity';

/** Takeable now: active, and visible or past its lease or backoff (the claim's rule). */
export function isTakeable(msg: DeliveryMessage, now = new Date()): boolean {
  return (msg.state === 'queued' || msg.state === 'delivering') && (msg.visible || msg.visibleAfter.getTime() <= now.getTime());
}

export function toMessageView(msg: DeliveryMessage, now = new Date()): DeliveryMessageView {
  return {
    id: msg.id,
    order: { id: msg.orderId, orderName: msg.orderName },
    accountId: msg.accountId,
    integration: { id: msg.integrationId, provider: msg.provider, integrationType: msg.integrationType },
    state: msg.state,
    createdAt: msg.createdAt.toISOString(),
    lastAccessed: msg.lastAccessed ? msg.lastAccessed.toISOString() : null,
    // a failed message stays in sight with its error; a delivered one is done
    visible: msg.state === 'failed' || isTakeable(msg, now),
    visibleAfter: msg.visibleAfter.toISOString(),
    attempts: msg.attempts,
    lastError: msg.lastError,
  };
}

export function toReceiptView(r: DeliveryReceiptRow): DeliveryReceiptView {
  return {
    id: r.id,
    destination: r.destination,
    files: r.files.map((f) => ({
      name: f.name,
      location: f.location,
      bytes: f.bytes,
      sha256: f.sha256,
      imageId: f.imageId ?? null,
      position: f.position ?? null,
    })),
    answer: r.answer,
    deliveredBy: r.deliveredBy,
    createdAt: r.createdAt.toISOString(),
  };
}
