import { AccountsErrorCode, AccountsMessage } from '@celebstyle/contracts';
import { conflict } from '@celebstyle/service-kit';

/** Turns PostgreSQL's unique violations on admins into the clear 409s of admin.md §5. */
export function translateUniqueViolation(error: unknown): unknown {
  const pgError = error as { code?: string; constraint?: string };
  if (pgError?.code !== '23505') return error;
  if (pgError.constraint === 'admins_username_key')
    return conflict(AccountsMessage.usernameTaken, AccountsErrorCode.usernameTaken);
  if (pgError.constraint === 'admins_email_key')
    return conflict(AccountsMessage.emailTaken, AccountsErrorCode.emailTaken);
  return error;
}
