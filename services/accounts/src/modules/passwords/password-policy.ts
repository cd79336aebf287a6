import {
  AccountsErrorCode,
  AccountsMessage,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
} from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';
import { isCommonPassword } from './common-passwords.ts';

/** Whose password it is: it may contain neither (ASVS 6.2, context-specific words). */
export interface PasswordOwner {
  username: string;
  email: string;
}

// Shorter parts of an e-mail address (its local part 'jo' of jo@...) would refuse too much.
const MIN_CONTEXT_WORD = 3;

function contextWords(owner: PasswordOwner): string[] {
  const email = owner.email.toLowerCase();
  const local = email.split('@')[0] ?? '';
  return [owner.username.toLowerCase(), email, local].filter((word) => word.length >= MIN_CONTEXT_WORD);
}

/** 'aaaaaaaa', 'abcabcabc': one shorter string repeated. */
const isRepetition = (password: string) => /^(.+?)\1+$/su.test(password);

/** 'abcdefgh', '87654321': every character one after (or before) the last. */
function isRun(password: string): boolean {
  const codes = [...password].map((char) => char.codePointAt(0)!);
  if (codes.length < 2) return false;
  const step = codes[1]! - codes[0]!;
  return (step === 1 || step === -1) && codes.every((code, i) => i === 0 || code - codes[i - 1]! === step);
}

/**
 * Why a password of an acceptable length is still too easy to guess, or null. Used on every new
 * password and, at sign-in, on the one given, to ask its owner to change it (no lock-out).
 */
export function weakPasswordMessage(password: string, owner: PasswordOwner): string | null {
  const lower = password.toLowerCase();
  if (isCommonPassword(password)) return AccountsMessage.passwordCommon;
  if (isRepetition(password) || isRun(password)) return AccountsMessage.passwordPattern;
  if (contextWords(owner).some((word) => lower.includes(word))) return AccountsMessage.passwordPersonal;
  return null;
}

/** Whether a password passes every rule below: what sign-in checks the given password against. */
export function isPasswordAcceptable(password: string, owner: PasswordOwner): boolean {
  const length = [...password].length;
  return (
    length >= PASSWORD_MIN_LENGTH &&
    length <= PASSWORD_MAX_LENGTH &&
    weakPasswordMessage(password, owner) === null
  );
}

/**
 * admin.md §5: at least 8 characters, with the spec's messages; at most 128 (OWASP asks that at
 * least 64 be allowed). Characters are counted as code points, so emoji count once. Then ASVS 6.2:
 * not a common password, not a repeated or sequential pattern, not containing the username or
 * e-mail address.
 */
export function assertPasswordAcceptable(
  password: string | undefined,
  owner: PasswordOwner,
  confirmation?: string,
): string {
  const length = password === undefined ? 0 : [...password].length;
  if (password === undefined || length < PASSWORD_MIN_LENGTH)
    throw badRequest(AccountsMessage.passwordTooShort, AccountsErrorCode.invalidPassword);
  if (length > PASSWORD_MAX_LENGTH)
    throw badRequest(AccountsMessage.passwordTooLong, AccountsErrorCode.invalidPassword);
  if (confirmation !== undefined && confirmation !== password)
    throw badRequest(AccountsMessage.passwordsDoNotMatch, AccountsErrorCode.passwordMismatch);
  const weak = weakPasswordMessage(password, owner);
  if (weak) throw badRequest(weak, AccountsErrorCode.weakPassword);
  return password;
}
