import { AccountsErrorCode, AccountsMessage } from '@celebstyle/contracts';
import { conflict } from '@celebstyle/service-kit';
import { isUniqueViolation } from '@celebstyle/db';

/** Turns PostgreSQL's unique violations on admins into the clear 409s of admin.md §5. */
export function translateUniqueViolation(error: unknown): unknown {
  if (isUniqueViolation(error, 'admins_username_key'))
    return conflict(AccountsMessage.usernameTaken, AccountsErrorCode.usernameTaken);
  if (isUniqueViolation(error, 'admins_email_key'))
    return conflict(AccountsMessage.emailTaken, AccountsErrorCode.emailTaken);
  return error;
}
