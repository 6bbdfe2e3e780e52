import { passwordMessages } from '@krom/contracts/http/auth';
import { HttpError } from '@krom/server-kit/errors';
import { isCommonPassword } from './common-passwords.ts';

/**
 * The rule every new password meets beyond its form's length rules (already checked by the
 * contract schemas): it is not one of the passwords attackers try first.
 */
export function assertAcceptablePassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) {
    throw new HttpError(400, passwordMessages.common, [{ field, message: passwordMessages.common }]);
  }
}
