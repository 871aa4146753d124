import { DeliveryMessageListQuery, EnqueueDeliveryBody, RobotAckBody, RobotPullBody, RobotReleaseBody } from '../../delivery/delivery-queue.contract';
import { STAFF_ROLES } from '../../wire/access';
import { ALL_ROLES, defineRoute, withCount } from '../define-route';
import { DeletedResult } from '../fields';
import { IntegrationView } from '../schemas/users.schemas';
import { AvailableCountView, DeliveryMessageView, OrderDeliveryView, RebootView, RobotAckView, RobotCredentialView, RobotPullView } from '../schemas/delivery.schemas';


/** Delivering an order to its account's integrations, and where it went. */
export const OrderDeliveryRoutes = {
  enqueue: defineRoute({
    method: 'POST',
    path: '/orders/enqueue-order-delivery-by-id/:orderId',
    status: 200,
    access: { roles: ['Admin', 'QA', 'Dealership'] },
    body: EnqueueDeliveryBody,
    result: [DeliveryMessageView],
    resultDescription: 'one message per chosen integration (one already waiting is answered as it is)',
    summary: 'Queue the order for delivery to active integrations of its account; the order goes to Delivering',
    description:
      "Admin and QA; a dealership holding READ_USER_INTEGRATIONS for its own orders (403 without it). 404 for an unknown order or an integration that is not the account's, 400 for an inactive one, 409 for an order that is not ready to download, delivering or completed.",
  }),
  integrations: defineRoute({
    method: 'GET',
    path: '/orders/:id/delivery-integrations',
    access: { roles: ['Admin', 'QA', 'Dealership'] },
    result: [IntegrationView],
    summary: "The active integrations of the order's account: what the order can be delivered to",
    description: 'Admin and QA; a dealership holding READ_USER_INTEGRATIONS for its own orders (403 without it, 404 for an order not its own).',
  }),
  deliveries: defineRoute({
    method: 'GET',
    path: '/orders/:id/deliveries',
    access: { roles: ALL_ROLES },
    result: [OrderDeliveryView],
    summary: "The order's deliveries: each destination with its state, last error and receipts (files, where, when)",
  }),
};

/** The admin's delivery queue (spec section 7), guarded by the queue-message permissions. */
export const DeliveryMessagesRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/order-delivery-messages',
    access: { roles: STAFF_ROLES, permission: 'READ_QUEUE_MESSAGES' },
    query: DeliveryMessageListQuery,
    result: withCount(DeliveryMessageView),
    summary: 'The queue, newest first, 10 a page: [items, count]',
  }),
  availableCount: defineRoute({
    method: 'GET',
    path: '/order-delivery-messages/get-current-available-count',
    access: { roles: STAFF_ROLES, permission: 'READ_QUEUE_MESSAGES' },
    result: AvailableCountView,
    summary: 'How many messages a worker or robot may take now',
  }),
  reboot: defineRoute({
    method: 'GET',
    path: '/order-delivery-messages/reboot-remote-delivery-robot',
    access: { roles: STAFF_ROLES, permission: 'UPDATE_QUEUE_MESSAGES' },
    result: RebootView,
    summary: 'Every delivery robot gets a reboot command with its next pull',
  }),
  setVisible: defineRoute({
    method: 'PUT',
    path: '/order-delivery-messages/set-visible/:id',
    access: { roles: STAFF_ROLES, permission: 'UPDATE_QUEUE_MESSAGES' },
    result: DeliveryMessageView,
    summary: 'Make a message visible now (a failed one is queued again); 409 for a delivered one',
  }),
  issueRobotKey: defineRoute({
    method: 'POST',
    path: '/order-delivery-messages/robot-credentials/:integrationId',
    status: 200,
    access: { roles: ['Admin'] },
    result: RobotCredentialView,
    resultDescription: 'the key, shown only in this answer',
    summary: 'Issue (or rotate) the key of a ROBOT integration; the key before stops working',
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/order-delivery-messages/:id',
    access: { roles: STAFF_ROLES, permission: 'DELETE_QUEUE_MESSAGES' },
    result: DeletedResult,
    summary: 'Remove a message from the queue',
  }),
};

/**
 * The robot pull API, for robot authors. A robot signs in with the key the admin issued for
 * its ROBOT integration (`X-Robot-Key` header), pulls the next messages of that integration
 * (each leased to it for a while, invisible to other robots), downloads the pictures, then
 * acknowledges each message with a receipt or releases it with an error. A lease that runs
 * out makes the message visible again. A pull may carry commands (`reboot`).
 */
export const RobotRoutes = {
  pull: defineRoute({
    method: 'POST',
    path: '/robot/messages/pull',
    status: 200,
    access: 'robot-key',
    body: RobotPullBody,
    result: RobotPullView,
    summary: "Take the next visible messages of your integration (default 1, at most 50) with the pictures' download URLs",
  }),
  ack: defineRoute({
    method: 'POST',
    path: '/robot/messages/:id/ack',
    status: 200,
    access: 'robot-key',
    body: RobotAckBody,
    result: RobotAckView,
    resultDescription: 'the message, delivered, with its receipt',
    summary: 'The message is delivered: the files written and where, and the answer of the destination (409 when its lease is no longer yours)',
    description:
      'Safe to repeat: the same robot key acknowledging a message it already delivered gets 200 with the message and the receipt of the first ' +
      'acknowledgement (the repeat\'s body is not kept, no second receipt). Another key gets 409, another integration 404.',
    idempotent: true,
  }),
  release: defineRoute({
    method: 'POST',
    path: '/robot/messages/:id/release',
    status: 200,
    access: 'robot-key',
    body: RobotReleaseBody,
    result: DeliveryMessageView,
    resultDescription: 'the message, visible again (or failed after the last attempt)',
    summary: 'The message could not be delivered: it is visible again at once with the error, one attempt more',
  }),
};
