import {
  AccountsErrorCode,
  AccountsMessage,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';

/**
 * admin.md §5: at least 8 characters, with the spec's messages; at most 128 (OWASP asks that at
 * least 64 be allowed). Characters are counted as code points, so emoji count once.
 */
export function assertPasswordAcceptable(password: string | undefined, confirmation?: string): string {
  const length = password === undefined ? 0 : [...password].length;
  if (password === undefined || length < PASSWORD_MIN_LENGTH)
    throw badRequest(AccountsMessage.passwordTooShort, AccountsErrorCode.invalidPassword);
  if (length > PASSWORD_MAX_LENGTH)
    throw badRequest(AccountsMessage.passwordTooLong, AccountsErrorCode.invalidPassword);
  if (confirmation !== undefined && confirmation !== password)
    throw badRequest(AccountsMessage.passwordsDoNotMatch, AccountsErrorCode.passwordMismatch);
  return password;
}
