import type { UserStatisticsView as UserStatisticsViewContract } from '@app/contracts';
import { Field } from '../common/api-responses';

/** The profile header's numbers of one account. */
export class UserStatisticsView implements UserStatisticsViewContract {
  @Field.int({ description: 'every order of the account, whatever its status or age' }) ordersCount!: number;
  @Field.int({ description: "the account's sales people" }) salesManCount!: number;
}
