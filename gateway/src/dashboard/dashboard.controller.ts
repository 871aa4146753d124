import { OrdersRpc, QaStatisticsRpc, RejectionReasonsQuery, SalesPeopleRpc, type Actor, type UserStatisticsView as UserStatistics } from '@app/contracts';
import { RpcClient } from '@app/messaging';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { ALL_ROLES, Authenticated } from '../auth/authenticated.decorator';
import { CurrentActor } from '../common/actor.decorator';
import { ApiErrorResponses, ApiResult } from '../common/api-responses';
import { UuidParam } from '../common/params';
import { RejectionReasonRow, UserStatisticsView } from './dashboard.responses';

/**
 * Dashboard numbers. Until the statistics service keeps dashboards, each number comes from
 * the service that owns it, which also decides who may read it.
 */
@ApiTags('dashboard')
@ApiErrorResponses()
@Controller('dashboard')
export class DashboardController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiResult(UserStatisticsView)
  @Get('userStatistics/:id')
  @Authenticated({ roles: ALL_ROLES })
  @ApiOperation({
    summary: "An account's order and sales-person counts (the profile header)",
    description:
      'Admin and QA for every account, management for itself and its child accounts, a dealership (or its signed-in sales person) for itself; ' +
      'any other account is 404. The sales people are counted by the users service (which checks the account first), the orders by the orders service.',
  })
  async userStatistics(@UuidParam('id') id: string, @CurrentActor() actor: Actor): Promise<UserStatisticsView> {
    // the users service answers 404 for an account the caller may not read, before anything is counted
    const { salesManCount } = await this.rpc.send(SalesPeopleRpc.countOfUser, { userId: id }, actor);
    const { ordersCount } = await this.rpc.send(OrdersRpc.countOfAccount, { userId: id }, actor);
    return { ordersCount, salesManCount } satisfies UserStatistics;
  }

  @ApiResult([RejectionReasonRow])
  @Get('rejection-reasons')
  @Authenticated({ roles: ['Admin', 'QA'] })
  @ApiOperation({
    summary: 'Rejection reasons per style guide: QA declines with a reason and dealership re-edit requests, counted (admin and QA)',
    description:
      'Rows `{styleGuideId, styleGuideName, source, reason, count}`, most frequent first, counted by the orders service from the timeline ' +
      '(IMAGE_DECLINED events naming a reason, RE_EDIT_REQUESTED events). `from` defaults to 30 days before `to`, `to` to now.',
  })
  rejectionReasons(@Query() query: RejectionReasonsQuery, @CurrentActor() actor: Actor) {
    return this.rpc.send(QaStatisticsRpc.rejectionReasons, { from: query.from, to: query.to }, actor);
  }
}
