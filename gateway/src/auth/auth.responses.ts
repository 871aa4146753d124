import type { SignedIn } from '@app/contracts';
import { TokenPairResult } from '@app/contracts/http';
import { Field } from '../common/api-responses';
import { MeView } from '@app/contracts/http';

/**
 * The signed-in answer of sign-in. The other answers are classes of the contracts
 * (libs/contracts/src/http/schemas/auth.schemas.ts); this one joins them once the user's view
 * (`MeView`) is a class of the contracts too.
 */
export class SignedInResult extends TokenPairResult implements SignedIn {
  @Field.object(MeView) user!: MeView;
}
