import { AccountsMessage, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@celebstyle/contracts';

/**
 * admin.md §5 create admin and reset password: at least 8 characters (code points), matching the
 * confirmation. The rest of the rules (common passwords, patterns, the username or e-mail) are the
 * server's: its 400 says which one a password broke.
 */
export function passwordError(password: string, confirmation: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return AccountsMessage.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return AccountsMessage.passwordTooLong;
  if (password !== confirmation) return AccountsMessage.passwordsDoNotMatch;
  return null;
}
