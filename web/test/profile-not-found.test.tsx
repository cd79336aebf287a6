import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ProfileNotFound } from '../src/components/profile-not-found.tsx';

describe('ProfileNotFound (storefront.md §2 celebrity and show pages)', () => {
  it('names the profile, sets the page title and links back to the directory', () => {
    render(
      <MemoryRouter>
        <ProfileNotFound
          title="Show Not Found"
          name="Made Up Show"
          message="Failed to load show data"
          browseTo="/shows"
          browseLabel="Browse All Shows"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Show Not Found' })).toBeInTheDocument();
    expect(screen.getByText('Failed to load show data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse All Shows' })).toHaveAttribute('href', '/shows');
    expect(document.title).toBe('Show Not Found | CelebStyle');
    expect(document.head.querySelector('meta[name="description"]')).toHaveAttribute(
      'content',
      'No fashion content for Made Up Show yet.',
    );
  });
});
