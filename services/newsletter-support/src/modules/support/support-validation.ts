import {
  CATEGORY_SETTING_SUBJECTS,
  DEFAULT_SUPPORT_CATEGORY,
  SUPPORT_SUBJECTS,
  SupportLimits,
  NewsletterErrorCode,
  NewsletterText,
  type SupportCreateBody,
  type SupportSubject,
} from '@celebstyle/contracts';
import { badRequest } from '@celebstyle/service-kit';
import { isValidEmail, normalizeEmail } from '../email/email-address.ts';

export interface ValidSupportRequest {
  name: string;
  email: string;
  subject: SupportSubject;
  category: SupportSubject;
  message: string;
}

const isSubject = (value: string): value is SupportSubject =>
  (SUPPORT_SUBJECTS as readonly string[]).includes(value);

/**
 * storefront.md §5: name, email, subject and message are required; the subject is one of the 8;
 * a subject among the first 5 is also the category, anything else is Other. A category sent by
 * the form must be a known one, but the rule decides the stored value.
 */
export function validateSupportRequest(body: SupportCreateBody): ValidSupportRequest {
  const name = body.name.trim();
  const message = body.message.trim();
  const email = normalizeEmail(body.email);
  const subject = body.subject.trim();

  if (name === '') throw badRequest('Please enter your name');
  if (name.length > SupportLimits.nameMax)
    throw badRequest(`Name must be at most ${SupportLimits.nameMax} characters`);
  if (!isValidEmail(email)) throw badRequest(NewsletterText.invalidEmail, NewsletterErrorCode.invalidEmail);
  if (!isSubject(subject)) throw badRequest(`Please choose a subject: ${SUPPORT_SUBJECTS.join(', ')}`);
  const category = body.category?.trim();
  if (category && !isSubject(category))
    throw badRequest(`Unknown category: choose one of ${SUPPORT_SUBJECTS.join(', ')}`);
  if (message === '') throw badRequest('Please enter a message');
  if (message.length > SupportLimits.messageMax)
    throw badRequest(`Message must be at most ${SupportLimits.messageMax} characters`);

  return {
    name,
    email,
    subject,
    category: CATEGORY_SETTING_SUBJECTS.includes(subject) ? subject : DEFAULT_SUPPORT_CATEGORY,
    message,
  };
}
