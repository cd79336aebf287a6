import { describe, expect, it } from 'vitest';
import { POST_STATUSES, isRejectionReasonGiven, moderationRefusal } from '../src/index.ts';

describe('post moderation rule (admin.md §4)', () => {
  it('refuses an action that would leave a post where it is, and unhide of a post that is not hidden', () => {
    const allowed = (action: Parameters<typeof moderationRefusal>[0]) =>
      POST_STATUSES.filter((status) => moderationRefusal(action, status) === null);
    expect(allowed('approve')).toEqual(['pending', 'rejected', 'hidden']);
    expect(allowed('reject')).toEqual(['pending', 'approved', 'hidden']);
    expect(allowed('hide')).toEqual(['pending', 'approved', 'rejected']);
    expect(allowed('unhide')).toEqual(['hidden']);
    expect(allowed('requeue')).toEqual(['approved', 'rejected', 'hidden']);
    expect(allowed('delete')).toEqual([...POST_STATUSES]);
    expect(moderationRefusal('unhide', 'approved')).toBe('Post is not hidden');
    expect(moderationRefusal('approve', 'approved')).toBe('Post is already approved');
  });

  it('takes a rejection only with a reason that is not blank', () => {
    expect(isRejectionReasonGiven('Wrong brand')).toBe(true);
    expect(isRejectionReasonGiven('  \n ')).toBe(false);
    expect(isRejectionReasonGiven('')).toBe(false);
  });
});
