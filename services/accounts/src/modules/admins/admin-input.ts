import {
  AccountsErrorCode,
  AccountsMessage,
  EMAIL_MAX_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';

const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9._-]{${USERNAME_MIN_LENGTH},${USERNAME_MAX_LENGTH}}$`);
// One @, a dot in the domain, no spaces: what browsers' type=email accepts, minus dotless hosts.
const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/** admin.md §2 sign-in: the username is trimmed. */
export function normalizeUsername(value: string | undefined): string {
  const username = (value ?? '').trim();
  if (username === '') throw badRequest(AccountsMessage.usernameRequired, AccountsErrorCode.invalidUsername);
  if (!USERNAME_PATTERN.test(username))
    throw badRequest(AccountsMessage.usernameInvalid, AccountsErrorCode.invalidUsername);
  return username;
}

/** admin.md §5: e-mail required and of e-mail type; stored lower-case so uniqueness ignores case. */
export function normalizeEmail(value: string | undefined): string {
  const email = (value ?? '').trim().toLowerCase();
  if (email === '') throw badRequest(AccountsMessage.emailRequired, AccountsErrorCode.invalidEmail);
  if (email.length > EMAIL_MAX_LENGTH || !EMAIL_PATTERN.test(email))
    throw badRequest(AccountsMessage.emailInvalid, AccountsErrorCode.invalidEmail);
  return email;
}
