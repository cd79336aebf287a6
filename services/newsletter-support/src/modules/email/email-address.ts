/** storefront.md §5: text, @, text, dot, text (no spaces); plus RFC 5321's 254-character limit. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const EMAIL_MAX_LENGTH = 254;

/** Lower-cased and trimmed, so one person is one subscriber whatever they type. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** Also refuses characters that would break an address header. */
export function isValidEmail(email: string): boolean {
  return email.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(email) && !/[<>,;"()\\]/.test(email);
}
