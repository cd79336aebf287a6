import type { SupportPriority, SupportSubject } from '@celebstyle/contracts';

/**
 * The priority a new support request gets (admin.md §3 lists the four values; the rule is ours).
 * Rule, in order:
 * 1. urgent: the message mentions a security, fraud, payment or legal problem, or says it is
 *    urgent (URGENT_WORDS), whatever the subject;
 * 2. high: Technical Issue (the site is failing someone), Partnership Inquiry and Advertising
 *    Inquiry (revenue, time-sensitive);
 * 3. medium: Style Inquiry and Featured Item Question (a shopper waiting for an answer);
 * 4. low: Celebrity Style Suggestion, Feedback and Other (no one is blocked).
 */
export const URGENT_WORDS = [
  'urgent',
  'emergency',
  'asap',
  'hacked',
  'security',
  'fraud',
  'scam',
  'stolen',
  'charged twice',
  'unauthorized charge',
  'unauthorised charge',
  'legal',
  'lawsuit',
  'copyright',
];

const BY_SUBJECT: Record<SupportSubject, SupportPriority> = {
  'Technical Issue': 'high',
  'Partnership Inquiry': 'high',
  'Advertising Inquiry': 'high',
  'Style Inquiry': 'medium',
  'Featured Item Question': 'medium',
  'Celebrity Style Suggestion': 'low',
  Feedback: 'low',
  Other: 'low',
};

const URGENT_PATTERN = new RegExp(
  `\\b(${URGENT_WORDS.map((w) => w.replace(/ /g, '\\s+')).join('|')})\\b`,
  'i',
);

export function decidePriority(subject: SupportSubject, message: string): SupportPriority {
  if (URGENT_PATTERN.test(message)) return 'urgent';
  return BY_SUBJECT[subject];
}
