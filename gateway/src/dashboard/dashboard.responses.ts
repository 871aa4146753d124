import {
  REJECTION_SOURCES,
  type RejectionReasonRow as RejectionReasonRowContract,
  type RejectionSource,
  type UserStatisticsView as UserStatisticsViewContract,
} from '@app/contracts';
import { Field } from '../common/api-responses';

/** The profile header's numbers of one account. */
export class UserStatisticsView implements UserStatisticsViewContract {
  @Field.int({ description: 'every order of the account, whatever its status or age' }) ordersCount!: number;
  @Field.int({ description: "the account's sales people" }) salesManCount!: number;
}

/** One style guide, source and reason of `GET /dashboard/rejection-reasons`. */
export class RejectionReasonRow implements RejectionReasonRowContract {
  @Field.id() styleGuideId!: string;
  @Field.string() styleGuideName!: string;
  @Field.oneOf(REJECTION_SOURCES, 'RejectionSource', { description: "qa: QA declined a picture; dealership: a dealership's re-edit request" }) source!: RejectionSource;
  @Field.string({ description: 'QA: the IMAGE_ERROR tag chosen as the reason; dealership: the re-edit reason (background, cropping, …)' }) reason!: string;
  @Field.int() count!: number;
}
