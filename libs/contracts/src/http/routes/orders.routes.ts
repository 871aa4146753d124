import { EventPageQuery } from '../../orders/order-events.contract';
import { CreateOrderBody, OrderListQuery, UpdateOrderBody } from '../../orders/orders.contract';
import { QaEditorDecisionBody, QaPickBody, QaTaskStateBody } from '../../orders/qa-workspace.contract';
import { AssignTagBody, RemoveTagBody, TagBody, TagListQuery, TagPatch } from '../../orders/tags.contract';
import { QA_LIST_LIMIT, type QaTaskRole } from '../../wire/qa-workspace';
import { TAGGED_ENTITIES } from '../../wire/tags';
import { ALL_ROLES, defineRoute, pagedOf } from '../define-route';
import { DeletedResult } from '../fields';
import { OrderEventView, OrderListItem, OrderView, TagView } from '../schemas/orders.schemas';
import { QaWorkLists } from '../schemas/qa-workspace.schemas';

/**
 * The HTTP operations of the orders area: orders, their timeline, tags and the QA work lists.
 * Each value is the whole declaration of an operation (the gateway's `@Operation(route)`, the
 * web app's `api.call(route, …)`). Within a controller the gateway registers its handlers in
 * the order they are written, which matters where a fixed path and a `:param` one overlap
 * (`/orders/get-orders` before `/orders/:id`).
 */

const CREATE_DESCRIPTION = `Creates an order in status Uploading (QA status Waiting For QA) and answers it.

Rules: \`orderName\` is trimmed, 3 to 60 characters, unique per account whatever the case
(409 "Please specify a unique order name"); \`styleGuide\` must be assigned to the account
(an admin may use any); \`salesMan\` is required for a dealership unless a sales person is
signed in (then the order is that sales person's) and must be one of the account's
("Sales person not found"); \`takenImagesCount\` is how many images will be uploaded.
An admin creates an order for a dealership or management account by naming it in \`userId\`
(recorded as \`impersonatedBy\`); anyone else naming another account gets 403.

**How the mobile app (or the web) makes an order**

1. \`GET /api/style-guides/user/{accountId}\` for the guides, \`GET /api/style-guides/{id}\` for
   its positions, \`GET /api/salesman/user/{accountId}/all\` for the sales people.
2. \`POST /api/orders\` with \`orderName\`, \`styleGuide\`, \`salesMan\`, \`takenImagesCount\` (one per
   position photographed), \`deviceInformation\` (\`platform\` android or ios, \`model\`,
   \`osVersion\`; the web sends nothing and its User-Agent is recorded) and \`appVersion\`.
3. For each photo: \`POST /api/images/get-signed-url-for-upload\` with \`{order, position,
   fileSize, width, height}\`, then POST the answer's \`fields\` (JSON text) and the file (last)
   as multipart/form-data to its \`url\`, straight to S3 (at most 8388608 bytes, a JPEG, PNG or
   WebP, at most 4032x3024). The server checks every file before accepting it.
4. Follow progress with \`GET /api/orders/{id}\` (\`status\`, \`uploadedImagesCount\`,
   \`processedImagesCount\`) and \`GET /api/events/order/{id}\`: Uploading until every taken image
   is accepted, In Progress while the pipeline works, then QA stage (accounts with QA) or
   Ready to download.`;

export const OrdersRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/orders',
    access: { roles: ['Admin', 'Dealership', 'Management'], permission: 'CREATE_ORDERS' },
    body: CreateOrderBody,
    result: OrderView,
    resultDescription: 'the new order',
    summary: 'Create an order (then upload its images)',
    description: CREATE_DESCRIPTION,
  }),
  list: defineRoute({
    method: 'GET',
    path: '/orders/get-orders',
    access: { roles: ALL_ROLES },
    query: OrderListQuery,
    result: pagedOf(OrderListItem),
    summary: 'Orders the caller may see, 10 a page, newest first',
    description:
      'Admin and QA see every order, a dealership (and its sales people) its own, management its own and its child accounts\'. ' +
      '`search` looks in order name, dealership and sales person. `from` defaults to 14 days ago except for dealership and ' +
      'management accounts; `to` as a date alone means the end of that day (UTC). Filters `status`, `QAstatus`, `video` ' +
      '(with, without), `salesMan`, `userId`; `sort` (createdAt, updatedAt, orderName, status, QAstatus) and `order` (ASC, ' +
      'DESC). A page past the last answers the last. Each row has a thumbnail (null when there is none yet) and, for admin ' +
      'and QA, the first 60 characters of the note.',
  }),
  approval: defineRoute({
    method: 'PUT',
    path: '/orders/approval/:id/:approved',
    access: { roles: ['Admin', 'QA'] },
    params: { approved: { enum: ['true', 'false'] } },
    result: OrderView,
    resultDescription: 'the order after the decision',
    summary: 'Approve an order (true: Ready to download / Approved) or send it back (false: QA stage / Waiting For Edition)',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/orders/:id',
    access: { roles: ALL_ROLES },
    result: OrderView,
    summary: 'One order with its counts, tags and delivery times',
    description:
      'Follow an upload with `status`, `takenImagesCount`, `uploadedImagesCount`, `processedImagesCount` and ' +
      '`failedImagesCount`. "Order not found" when the caller may not see it.',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/orders/:id',
    access: { roles: ALL_ROLES },
    body: UpdateOrderBody,
    result: OrderView,
    resultDescription: 'the saved order',
    summary: 'Rename an order or change its status (answers the saved order)',
    description:
      'Admin and QA change everything. Status and QA status follow the paired rules: Uploading, In Progress and QA stage ' +
      'go with Waiting For QA; Delivering, Ready to download and Completed with Approved; Waiting For QA and Waiting For ' +
      'Edition set QA stage; Approved sets Ready to download. Give one and the other follows; give both and they must go ' +
      'together (400). The account that owns the order may rename it with UPDATE_ORDERS. The answer replaces the display.',
  }),
  delete: defineRoute({
    method: 'DELETE',
    path: '/orders/:id',
    access: { roles: ALL_ROLES },
    result: DeletedResult,
    summary: 'Delete an order with its images and videos',
    description:
      'Admin and QA, or the account that owns it with DELETE_ORDERS; without it, the owner deletes its own order while it is still Uploading (an upload left unfinished), a later one is 403. Its DELETED event stays in the account\'s events.',
  }),
};

const TIMELINE =
  'Events: NEW, EDITED (the changed fields, from and to), UPDATED (status and QA status from and to), DELETED, ' +
  'UPLOAD_COMPLETED, PROCESSING_COMPLETED, IMAGE_REJECTED, PIPELINE_ERROR, IMAGE_DECLINED, IMAGE_APPROVED, IMAGE_REPUSHED, ' +
  'QA_UPLOADED_PICTURE, DOWNLOADED, VIDEO_UPLOADED. Hidden events (IMAGE_APPROVED, DOWNLOADED) come only with ' +
  '`isHidden=true`, for admin and QA; `isPriority` marks PIPELINE_ERROR, IMAGE_REJECTED and IMAGE_DECLINED.';

export const OrderEventsRoutes = {
  ofOrder: defineRoute({
    method: 'GET',
    path: '/events/order/:id',
    access: { roles: ALL_ROLES },
    query: EventPageQuery,
    result: pagedOf(OrderEventView),
    summary: "An order's timeline, 10 a page, newest first",
    description: TIMELINE,
  }),
  ofUser: defineRoute({
    method: 'GET',
    path: '/events/user/:id',
    access: { roles: ALL_ROLES },
    query: EventPageQuery,
    result: pagedOf(OrderEventView),
    summary: "Events of an account's orders, 10 a page, newest first",
    description: `The admin, QA with READ_USER_EVENTS, or the account itself. ${TIMELINE}`,
  }),
};

export const TagsRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/tags',
    access: { roles: ALL_ROLES },
    query: TagListQuery,
    result: pagedOf(TagView),
    summary: 'Tags, 10 a page, by category and name; `search`, `category`, `entity`',
  }),
  ofEntity: defineRoute({
    method: 'GET',
    path: '/tags/get/:entity/:entityId',
    access: { roles: ALL_ROLES },
    params: { entity: { enum: TAGGED_ENTITIES } },
    result: [TagView],
    summary: 'Tags on an order, an image or a user',
    description: "An order's tags for whoever may see the order; image and user tags for admin and QA.",
  }),
  assign: defineRoute({
    method: 'POST',
    path: '/tags/:entity/:entityId',
    access: { roles: ['Admin', 'QA'] },
    params: { entity: { enum: TAGGED_ENTITIES } },
    body: AssignTagBody,
    result: [TagView],
    resultDescription: 'the tags on it now',
    summary: 'Put a tag on an order, an image or a user (the tag must be made for it); answers its tags',
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/tags',
    access: { roles: ['Admin', 'QA'] },
    body: RemoveTagBody,
    result: [TagView],
    resultDescription: 'the tags left on it',
    summary: 'Take a tag off an order, an image or a user; answers the tags left',
  }),
  get: defineRoute({
    method: 'GET',
    path: '/tags/:id',
    access: { roles: ALL_ROLES },
    result: TagView,
    summary: 'One tag',
  }),
  create: defineRoute({
    method: 'POST',
    path: '/tags',
    access: { roles: ['Admin'] },
    body: TagBody,
    result: TagView,
    resultDescription: 'the new tag',
    summary: 'Create a tag (name trimmed; unique per entity)',
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/tags/:id',
    access: { roles: ['Admin'] },
    body: TagPatch,
    result: TagView,
    resultDescription: 'the saved tag',
    summary: 'Change a tag',
  }),
};

const LISTS_DESCRIPTION = (role: QaTaskRole) =>
  `The ${role} lists of the QA account \`{id}\` (QA asks only for its own id, the admin for anyone): ` +
  (role === 'editor'
    ? '`ownOrders` its editor tasks on orders in QA stage, `unassignedOrders` the orders in QA stage nobody has picked as editor. '
    : "`ownOrders` its coordinator tasks, `unassignedOrders` the orders in QA stage whose editor's task is DONE and that no coordinator has picked. ") +
  `PRIORITY-tagged orders first, then those with open re-edit requests by due time, then the longest waiting; at most ${QA_LIST_LIMIT} each.`;

export const QaWorkspaceRoutes = {
  editorLists: defineRoute({
    method: 'GET',
    path: '/orders/editor/:id',
    access: { roles: ['Admin', 'QA'], permission: 'READ_QA_EDITOR_LIST' },
    result: QaWorkLists,
    summary: "A QA editor's own and unassigned orders",
    description: LISTS_DESCRIPTION('editor'),
  }),
  coordinatorLists: defineRoute({
    method: 'GET',
    path: '/orders/coordinator/:id',
    access: { roles: ['Admin', 'QA'], permission: 'READ_QA_COORDINATOR_LIST' },
    result: QaWorkLists,
    summary: "A QA coordinator's own and unassigned orders",
    description: LISTS_DESCRIPTION('coordinator'),
  }),
  pick: defineRoute({
    method: 'POST',
    path: '/orders/:id/qa/pick',
    status: 200,
    access: { roles: ['Admin', 'QA'] },
    body: QaPickBody,
    result: OrderView,
    resultDescription: 'the order, with the role tag on it',
    summary: 'Pick an order as its editor or coordinator',
    description:
      "Writes the caller's task and puts the role's order tag (category QA_EDITOR or QA_COORDINATOR) on the order; QA_PICKED on " +
      'the timeline. Putting such a tag on the order (`POST /tags/orders/{id}`) does the same. An editor (role tag QA_EDITOR or ' +
      'READ_QA_EDITOR_LIST) picks as editor, a coordinator (QA_COORDINATOR or READ_QA_COORDINATOR_LIST) as coordinator, the admin ' +
      'as either: 403 otherwise. A coordinator picks once the editor\'s task is DONE or the order was sent back (its task ' +
      'REJECTED): 409 before. Of two people picking at once exactly one wins; the other gets 409 "{name} has already picked this ' +
      'order". Picking again what one holds changes nothing.',
  }),
  release: defineRoute({
    method: 'DELETE',
    path: '/orders/:id/qa/pick',
    access: { roles: ['Admin', 'QA'] },
    query: QaPickBody,
    result: OrderView,
    resultDescription: 'the order, without the role tag',
    summary: "Release an order: it goes back to the role's unassigned list",
    description: 'The one who picked it or an admin (403 for someone else\'s pick). Taking the role tag off the order does the same.',
  }),
  taskState: defineRoute({
    method: 'PUT',
    path: '/orders/:id/qa/task',
    access: { roles: ['Admin', 'QA'] },
    body: QaTaskStateBody,
    result: OrderView,
    resultDescription: 'the order',
    summary: "Set the editor's task state (DONE when the editing is finished)",
    description:
      'The editor who picked the order or an admin; QA_TASK_UPDATED on the timeline. A DONE order shows in the coordinators\' ' +
      'unassigned list. 404 "Nobody has picked this order for this role" when no editor has it.',
  }),
  editorDecision: defineRoute({
    method: 'PUT',
    path: '/orders/:id/qa/decision',
    access: { roles: ['Admin', 'QA'] },
    body: QaEditorDecisionBody,
    result: OrderView,
    resultDescription: 'the order after the decision',
    summary: "The editor's decision on its order: send to edit, approve, or cancel the edition",
    description:
      'The editor who picked the order or an admin (403 for someone else\'s, 404 "Nobody has picked this order for this role" ' +
      'without an editor); the order must be in QA stage (409). `sendToEdit`: QA stage / Waiting For Edition, the editor keeps ' +
      'its task (409 when already waiting for edition). `approve`: Ready to download / Approved, every QA task closed. ' +
      '`cancelEdition`: an order waiting for edition is approved (409 when it is not). UPDATED on the timeline.',
  }),
};
