import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords, most common first (zxcvbn-ts's list of about 49,000, all lower case),
 * from a maintained package instead of a list of our own. ASVS 6.2 asks for at least the top 3,000;
 * NIST SP 800-63B for a list of commonly used and breached values.
 */
const COMMON = new Set(dictionary['passwords-common']);

export const COMMON_PASSWORD_COUNT = COMMON.size;

/** Case does not make a common password uncommon: 'Password1' is 'password1'. */
export const isCommonPassword = (password: string): boolean => COMMON.has(password.toLowerCase());
