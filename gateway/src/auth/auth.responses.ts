import {
  AUTH_CHALLENGES,
  type AuthChallenge,
  type AuthRpc,
  type NewPasswordChallenge as NewPasswordChallengeContract,
  type ResultOf,
  type SignedIn,
  type TokenPair,
} from '@app/contracts';
import { Field } from '../common/api-responses';
import { MeView } from '@app/contracts/http';

// parts of the contract, named so the classes can implement them
type ContractPasswordChanged = ResultOf<typeof AuthRpc.confirmForgotPassword>;
type ContractLoggedOut = ResultOf<typeof AuthRpc.logout>;

/** Response schemas of sign-in. */

export class TokenPairResult implements TokenPair {
  @Field.string({ description: 'send as `Authorization: Bearer …`' }) accessToken!: string;
  @Field.string({ description: 'trade it for a new pair at /auth/refresh (once)' }) refreshToken!: string;
  @Field.int({ description: 'seconds until the access token expires' }) expiresIn!: number;
}

export class SignedInResult extends TokenPairResult implements SignedIn {
  @Field.object(MeView) user!: MeView;
}

export class NewPasswordChallenge implements NewPasswordChallengeContract {
  @Field.oneOf(AUTH_CHALLENGES, 'AuthChallenge') challenge!: AuthChallenge;
  @Field.string({ description: 'give it back to /auth/new-password with the new password' }) session!: string;
}

export class PasswordChangedResult implements ContractPasswordChanged {
  @Field.yes() changed!: true;
}

export class LoggedOutResult implements ContractLoggedOut {
  @Field.bool({ description: 'false when the session had already ended' }) revoked!: boolean;
}
