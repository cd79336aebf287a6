import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { AsSeenOn, STREAMING_SERVICE_NAMES } from '../src/features/home/components/as-seen-on.tsx';
import { STREAMING_SERVICES } from '../src/config/constants.ts';

describe("'As seen on' strip (storefront.md §2 Home)", () => {
  it('shows a logo (an SVG wordmark named for assistive technology) for each of the 7 services', () => {
    render(<AsSeenOn />);
    const strip = screen.getByRole('region', { name: 'As seen on' });
    const logos = strip.querySelectorAll('li:not([aria-hidden="true"]) svg[role="img"]');
    expect(STREAMING_SERVICE_NAMES).toHaveLength(STREAMING_SERVICES);
    expect([...logos].map((svg) => svg.getAttribute('aria-label'))).toEqual(STREAMING_SERVICE_NAMES);
    // the loop's second copy is hidden from assistive technology
    expect(strip.querySelectorAll('li[aria-hidden="true"] svg')).toHaveLength(STREAMING_SERVICES);
  });
});
