import {
  CreateOrderBody,
  OrderListQuery,
  OrdersRpc,
  UpdateOrderBody,
  type Actor,
  type OrderListItem,
  type Paged,
} from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { BadRequestException, Body, Controller, Delete, Get, Headers, Param, Post, Put, Query } from '@nestjs/common';
import { ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult, DeletedResult, PagedOf } from '../common/api-responses';
import { UuidParam } from '../common/params';
import { OrderListItem as OrderListItemSchema, OrderView } from './orders.responses';

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

/**
 * Orders: create, the list, the detail, changes under the paired status
 * rules, approval and deletion. Who sees which order is the orders service's decision.
 */
@ApiTags('orders')
@ApiErrorResponses()
@Controller('orders')
export class OrdersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(OrderView, 'the new order')
  @Post()
  @Authenticated({ roles: ['Admin', 'Dealership', 'Management'], permission: 'CREATE_ORDERS' })
  @ApiOperation({ summary: 'Create an order (then upload its images)', description: CREATE_DESCRIPTION })
  create(@Body() body: CreateOrderBody, @Headers('user-agent') userAgent: string | undefined, @CurrentActor() actor: Actor) {
    const device = { platform: 'web' as const, ...body.deviceInformation };
    if (device.userAgent === undefined && userAgent) device.userAgent = userAgent.slice(0, 500);
    return this.rpc.send(OrdersRpc.create, { ...body, deviceInformation: device }, actor);
  }

  @ApiResult(PagedOf(OrderListItemSchema))
  @Get('get-orders')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Orders the caller may see, 10 a page, newest first',
    description:
      'Admin and QA see every order, a dealership (and its sales people) its own, management its own and its child accounts\'. ' +
      '`search` looks in order name, dealership and sales person. `from` defaults to 14 days ago except for dealership and ' +
      'management accounts; `to` as a date alone means the end of that day (UTC). Filters `status`, `QAstatus`, `video` ' +
      '(with, without), `salesMan`, `userId`; `sort` (createdAt, updatedAt, orderName, status, QAstatus) and `order` (ASC, ' +
      'DESC). A page past the last answers the last. Each row has a thumbnail (null when there is none yet) and, for admin ' +
      'and QA, the first 60 characters of the note.',
  })
  list(@Query() query: OrderListQuery, @CurrentActor() actor: Actor): Promise<Paged<OrderListItem>> {
    return this.rpc.send(OrdersRpc.list, query, actor);
  }

  @ApiResult(OrderView, 'the order after the decision')
  @Put('approval/:id/:approved')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiParam({ name: 'approved', enum: ['true', 'false'] })
  @ApiOperation({
    summary: 'Approve an order (true: Ready to download / Approved) or send it back (false: QA stage / Waiting For Edition)',
  })
  approval(@UuidParam('id') id: string, @Param('approved') approved: string, @CurrentActor() actor: Actor) {
    if (approved !== 'true' && approved !== 'false') throw new BadRequestException('approved must be true or false');
    return this.rpc.send(OrdersRpc.approval, { id, approved: approved === 'true' }, actor);
  }

  @ApiResult(OrderView)
  @Get(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'One order with its counts, tags and delivery times',
    description:
      'Follow an upload with `status`, `takenImagesCount`, `uploadedImagesCount`, `processedImagesCount` and ' +
      '`failedImagesCount`. "Order not found" when the caller may not see it.',
  })
  get(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrdersRpc.get, { id }, actor);
  }

  @ApiResult(OrderView, 'the saved order')
  @Put(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Rename an order or change its status (answers the saved order)',
    description:
      'Admin and QA change everything. Status and QA status follow the paired rules: Uploading, In Progress and QA stage ' +
      'go with Waiting For QA; Delivering, Ready to download and Completed with Approved; Waiting For QA and Waiting For ' +
      'Edition set QA stage; Approved sets Ready to download. Give one and the other follows; give both and they must go ' +
      'together (400). The account that owns the order may rename it with UPDATE_ORDERS. The answer replaces the display.',
  })
  update(@UuidParam('id') id: string, @Body() body: UpdateOrderBody, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrdersRpc.update, { id, ...body }, actor);
  }

  @ApiResult(DeletedResult)
  @Delete(':id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: 'Delete an order with its images and videos',
    description:
      'Admin and QA, or the account that owns it with DELETE_ORDERS; without it, the owner deletes its own order while it is still Uploading (an upload left unfinished), a later one is 403. Its DELETED event stays in the account\'s events.',
  })
  delete(@UuidParam('id') id: string, @CurrentActor() actor: Actor) {
    return this.rpc.send(OrdersRpc.delete, { id }, actor);
  }
}
