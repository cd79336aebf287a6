import { describe, expect, it } from 'vitest';
import { bannerText } from '../src/features/url-settings/api/url-settings-api.ts';
import { ApiError } from '../src/lib/api-client.ts';
import { errorText } from '../src/lib/error-text.ts';

describe('errorText (admin.md §8)', () => {
  it("shows the server's message for a refusal it explained", () => {
    expect(errorText('Failed to create admin account', new ApiError(409, 'Username already exists'))).toBe(
      'Username already exists',
    );
    expect(errorText('Failed to delete celebrity', new ApiError(400, 'Still has posts'))).toBe(
      'Still has posts',
    );
  });

  it('falls back to the screen text for a server failure, a lost session, a 4xx without text or no answer', () => {
    expect(errorText('Failed to load admin accounts', new ApiError(500, 'Error: 500'))).toBe(
      'Failed to load admin accounts',
    );
    expect(errorText('Failed to load admin accounts', new ApiError(401, 'Unauthorized'))).toBe(
      'Failed to load admin accounts',
    );
    expect(errorText('Failed to reset password', new ApiError(422, ''))).toBe('Failed to reset password');
    expect(errorText('Failed to reset password', new TypeError('Failed to fetch'))).toBe(
      'Failed to reset password',
    );
  });
});

describe('URL cleaning rules banner text (link-health-and-routes.md §8)', () => {
  it("adds the server's message of a refusal to the spec's text, and nothing else", () => {
    expect(bannerText('Failed to save rule', new ApiError(409, 'A rule for asos.com already exists'))).toBe(
      'Failed to save rule: A rule for asos.com already exists',
    );
    expect(bannerText('Failed to save rule', new ApiError(503, 'Service Unavailable'))).toBe(
      'Failed to save rule',
    );
    expect(bannerText('Failed to load rules', new ApiError(401, 'Unauthorized'))).toBe(
      'Failed to load rules',
    );
  });
});
