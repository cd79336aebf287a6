import { useEffect, useId, useState, type FormEvent } from 'react';
import { SupportLimits, SupportText } from '@celebstyle/contracts';
import {
  NEWSLETTER_EMAIL_PATTERN,
  SUPPORT_CATEGORIES,
  SUPPORT_CATEGORY_SETTING_SUBJECTS,
  SUPPORT_DEFAULT_CATEGORY,
  SUPPORT_MESSAGE_RESET_MS,
} from '../../../config/constants.ts';
import { HoneypotField } from '../../../components/honeypot-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useCreateSupportRequest } from '../api/create-support-request.ts';

type Status = 'idle' | 'loading' | 'success' | 'error';
type Fields = { name: string; email: string; subject: string; message: string; website: string };

const EMPTY: Fields = { name: '', email: '', subject: '', message: '', website: '' };
const GENERIC_ERROR = 'Something went wrong. Please try again.';

/** A refused send says why: the rate limit and when to try again, not 'Something went wrong'. */
export function supportErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 429) {
    const minutes = Math.max(1, Math.ceil((error.retryAfterSeconds ?? 60) / 60));
    return `Too many messages from your connection. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`;
  }
  return GENERIC_ERROR;
}

/** storefront.md §5: a subject among the first 5 also sets the category; otherwise Other. */
export function categoryFor(subject: string): string {
  const setting: readonly string[] = SUPPORT_CATEGORY_SETTING_SUBJECTS;
  return setting.includes(subject) ? subject : SUPPORT_DEFAULT_CATEGORY;
}

function problemWith(fields: Fields): string | null {
  if (!fields.name.trim()) return 'Please enter your name';
  if (!NEWSLETTER_EMAIL_PATTERN.test(fields.email.trim())) return 'Please enter a valid email address';
  if (!fields.subject) return 'Please choose a subject';
  if (!fields.message.trim()) return 'Please enter a message';
  return null;
}

const input =
  'mt-1 block w-full rounded-md border border-neutral-300 bg-white px-3 py-2 text-base focus:border-ink focus:outline-none';
const label = 'block text-sm font-medium text-neutral-800';

/**
 * storefront.md §2 Get in touch: the contact form with idle, loading, success and error (§4).
 * Success and error both go back to the form after 5 s (§4), or at once with 'Send Another
 * Message'; the Reference ID also reaches the visitor in the confirmation e-mail.
 */
export function SupportForm() {
  const id = useId();
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState('');
  const [requestId, setRequestId] = useState('');
  const request = useCreateSupportRequest();
  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  useEffect(() => {
    if (status !== 'error' && status !== 'success') return;
    const timer = setTimeout(() => {
      setStatus('idle');
      setRequestId('');
    }, SUPPORT_MESSAGE_RESET_MS);
    return () => clearTimeout(timer);
  }, [status, error]);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problem = problemWith(fields);
    if (problem) {
      setStatus('error');
      setError(problem);
      return;
    }
    setStatus('loading');
    request.mutate(
      {
        name: fields.name.trim(),
        email: fields.email.trim(),
        subject: fields.subject,
        category: categoryFor(fields.subject),
        message: fields.message.trim(),
        website: fields.website,
      },
      {
        onSuccess: (answer) => {
          if (!answer.success) {
            setStatus('error');
            setError(GENERIC_ERROR);
            return;
          }
          setRequestId(answer.data.requestId);
          setStatus('success');
          setFields(EMPTY);
        },
        onError: (e) => {
          setStatus('error');
          setError(supportErrorMessage(e));
        },
      },
    );
  }

  if (status === 'success') {
    return (
      <div role="status" className="rounded-lg border border-emerald-200 bg-emerald-50 p-8 text-center">
        <p className="text-lg text-emerald-900">{SupportText.received}</p>
        <p className="mt-4 text-sm text-emerald-900">
          Reference ID: <strong className="font-mono text-base">{requestId}</strong>
        </p>
        <button
          type="button"
          onClick={() => {
            setRequestId('');
            setStatus('idle');
          }}
          className="mt-6 rounded-md bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-neutral-800"
        >
          Send Another Message
        </button>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="relative space-y-5" aria-describedby={`${id}-status`}>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor={`${id}-name`} className={label}>
            Name
          </label>
          <input
            id={`${id}-name`}
            name="name"
            autoComplete="name"
            required
            maxLength={SupportLimits.nameMax}
            value={fields.name}
            onChange={(e) => set('name')(e.target.value)}
            className={input}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className={label}>
            Email
          </label>
          <input
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={SupportLimits.emailMax}
            value={fields.email}
            onChange={(e) => set('email')(e.target.value)}
            className={input}
          />
        </div>
      </div>
      <div>
        <label htmlFor={`${id}-subject`} className={label}>
          Subject
        </label>
        <select
          id={`${id}-subject`}
          name="subject"
          required
          value={fields.subject}
          onChange={(e) => set('subject')(e.target.value)}
          className={input}
        >
          <option value="">Select a subject</option>
          {SUPPORT_CATEGORIES.map((subject) => (
            <option key={subject} value={subject}>
              {subject}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-message`} className={label}>
          Message
        </label>
        <textarea
          id={`${id}-message`}
          name="message"
          required
          rows={6}
          maxLength={SupportLimits.messageMax}
          value={fields.message}
          onChange={(e) => set('message')(e.target.value)}
          className={input}
        />
      </div>
      <HoneypotField value={fields.website} onChange={set('website')} />
      <div className="flex flex-wrap items-center gap-4">
        <button
          type="submit"
          disabled={status === 'loading'}
          className="rounded-md bg-ink px-6 py-3 text-sm font-semibold text-white hover:bg-neutral-800 disabled:opacity-60"
        >
          {status === 'loading' ? 'Sending...' : 'Send Message'}
        </button>
        <p id={`${id}-status`} role="status" aria-live="polite" className="text-sm text-red-700">
          {status === 'error' ? error : ''}
        </p>
      </div>
    </form>
  );
}
