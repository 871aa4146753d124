import type { IntegrationType } from '@app/contracts';

/**
 * The seam between the delivery queue (claims a message, records attempts, leases, receipts
 * and the order's status) and the deliverers (connect to one destination and put an order's
 * files there). The queue never knows a protocol; a deliverer never touches the queue.
 */

/** One file as it was written at the destination. */
export interface DeliveredFile {
  /** the file name at the destination, after the integration's naming pattern */
  name: string;
  /** where it is: the remote path, blob URL or the API's answer for it */
  location: string;
  bytes: number;
  /** hex SHA-256 of the bytes sent */
  sha256: string;
  /** the picture it came from */
  imageId: string;
  position: number;
}

/** What a delivery left at its destination: kept as the message's receipt and shown on the order. */
export interface DeliveryReceipt {
  /** the destination in words a person recognises: `ftp://host:21/path`, the container URL, the endpoint */
  destination: string;
  files: DeliveredFile[];
  /** the destination's answer (an API's status and body excerpt, the FTP server's last reply) */
  answer: string | null;
  finishedAt: string;
}

/** One delivery attempt of one message: an order to one integration. */
export interface DeliveryAttempt {
  messageId: string;
  orderId: string;
  integrationId: string;
  /** 1 for the first attempt; a retry carries the same messageId, so a deliverer can make it idempotent */
  attempt: number;
}

/**
 * Why an attempt failed. `retryable` false means trying again cannot help (wrong credentials,
 * a destination that refuses the files): the message stops and shows the error at once.
 */
export class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
    this.name = 'DeliveryFailure';
  }
}

/** Implemented by the deliverers; injected into the queue's worker under this token. */
export const ORDER_DELIVERER = Symbol('ORDER_DELIVERER');

export interface OrderDeliverer {
  /** the integration types this deliverer pushes to (ROBOT is pulled through the robot API instead) */
  readonly types: readonly IntegrationType[];
  /**
   * Puts the order's files at the integration's destination, following its output rules, and
   * answers what is there. Throws `DeliveryFailure`. Running it again for the same message
   * leaves one copy of each file, never a second.
   */
  deliver(attempt: DeliveryAttempt): Promise<DeliveryReceipt>;
  /** Connects with the integration's settings and credentials and answers what failed, without writing files. */
  testConnection(integrationId: string): Promise<{ ok: boolean; message: string }>;
}
