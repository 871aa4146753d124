import type { IntegrationType } from './integrations';

/**
 * The delivery queue: one message per order and integration, claimed by the delivery
 * service's worker (push types: FTP, BLOB, API, REMOTE_INTEGRATION) or pulled by a robot
 * (ROBOT), with a receipt for every delivery (docs/delivery.md).
 */
export const DELIVERY_STATES = ['queued', 'delivering', 'delivered', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Who wrote a receipt: the delivery service's own worker, or a robot through the pull API. */
export const DELIVERED_BY = ['worker', 'robot'] as const;
export type DeliveredBy = (typeof DELIVERED_BY)[number];

/** Commands a robot gets with its next pull. */
export const ROBOT_COMMANDS = ['reboot'] as const;
export type RobotCommand = (typeof ROBOT_COMMANDS)[number];

/** The most messages one pull takes. */
export const ROBOT_PULL_MAX = 50;
/** The longest error text kept on a message. */
export const DELIVERY_ERROR_MAX = 2000;
/** The most files one receipt lists. */
export const RECEIPT_FILES_MAX = 500;

/** The header a robot sends its key in. */
export const ROBOT_KEY_HEADER = 'x-robot-key';

export const DELIVERY_MESSAGES = {
  messageNotFound: 'Delivery message not found',
  integrationNotFound: 'Integration not found',
  integrationInactive: 'The integration is not active',
  notDeliverable: 'Only an order that is ready to download, delivering or completed can be delivered',
  noIntegrations: 'Choose at least one integration',
  notRobot: 'Robot keys are issued for robot integrations only',
  badRobotKey: 'The robot key is not valid',
  robotKeyLimit: 'Too many requests with a robot key that is not valid: try again later',
  leaseLost: 'This message is not leased to this robot (its lease ran out or it was delivered); pull it again',
  alreadyDelivered: 'This message has already been delivered',
} as const;

/**
 * One destination of an order as the order shows it: the newest message of the order to that
 * integration, with its state (queued, delivering, delivered, failed for good), its attempts and
 * the error of a failed or retrying one. A destination whose message was removed is not listed.
 */
export interface OrderDeliveryDestination {
  messageId: string;
  integrationId: string;
  provider: string;
  integrationType: IntegrationType;
  state: DeliveryState;
  attempts: number;
  lastError: string | null;
  /** when its state last changed */
  updatedAt: string;
}

/** The delivery state shown on an order: how many of its messages wait, arrived, failed for good, and each destination's state. */
export interface OrderDeliveryState {
  queued: number;
  delivered: number;
  failed: number;
  lastError: string | null;
  destinations: OrderDeliveryDestination[];
}

export interface EnqueueDeliveryRequest {
  selectedIntegrations: Array<{ id: string }>;
}

export interface DeliveryMessageListRequest {
  page?: number;
  /** order name contains (case-insensitive) */
  search?: string;
  state?: DeliveryState;
  provider?: string;
  integrationType?: IntegrationType;
  visible?: boolean;
  orderId?: string;
}


export interface RobotPullRequest {
  /** at most this many messages (1 to 50) */
  max?: number;
}

export interface RobotAckFileRequest {
  name: string;
  location: string;
  bytes: number;
  sha256: string;
}

export interface RobotAckRequest {
  files: RobotAckFileRequest[];
  answer?: string;
}

export interface RobotReleaseRequest {
  error: string;
}

// the answers' shapes are declared once, as the classes of the HTTP contract
