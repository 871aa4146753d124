import { AUTH_CHALLENGES, type AuthChallenge } from '../../wire/auth';
import { Field } from '../fields';
import { MeView } from './users.schemas';

/** The answers of sign-in: each class is THE declaration of its shape (the wire module re-exports the types). */

/** `POST /auth/refresh`: a new pair (the refresh token given is spent) */
export class TokenPairResult {
  @Field.string({ description: 'send as `Authorization: Bearer …`' }) accessToken!: string;
  @Field.string({ description: 'trade it for a new pair at /auth/refresh (once)' }) refreshToken!: string;
  @Field.int({ description: 'seconds until the access token expires' }) expiresIn!: number;
}

/** `POST /auth/login` and `/auth/new-password` when signed in: the pair and the signed-in user */
export class SignedInResult extends TokenPairResult {
  @Field.object(MeView) user!: MeView;
}

/** `POST /auth/login` for an account still on its temporary password */
export class NewPasswordChallenge {
  @Field.oneOf(AUTH_CHALLENGES, 'AuthChallenge') challenge!: AuthChallenge;
  @Field.string({ description: 'give it back to /auth/new-password with the new password' }) session!: string;
}

/** `POST /auth/confirm-forgot-password` */
export class PasswordChangedResult {
  @Field.yes() changed!: true;
}

/** `POST /auth/logout` */
export class LoggedOutResult {
  @Field.bool({ description: 'false when the session had already ended' }) revoked!: boolean;
}
