import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { FacetGroup, toggleName } from '../src/features/fashion/components/facet-group.tsx';

const shows = [
  { name: 'The Real Housewives of Beverly Hills', count: 14 },
  { name: 'Succession', count: 1 },
];

describe('a filter from a link (?show=, ?celebrity=)', () => {
  it.each([
    'real-housewives-of-beverly-hills',
    'Real Housewives of Beverly Hills',
    'the real housewives of beverly hills',
  ])('ticks the real show for %s instead of adding a made-up entry', (fromLink) => {
    render(<FacetGroup title="Shows" options={shows} selected={[fromLink]} onToggle={() => {}} />);
    expect(screen.getByRole('checkbox', { name: /The Real Housewives of Beverly Hills/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /Succession/ })).not.toBeChecked();
    expect(screen.getAllByRole('checkbox')).toHaveLength(2);
  });

  it('keeps a name no option matches visible and ticked', () => {
    render(<FacetGroup title="Shows" options={shows} selected={['Bridgerton']} onToggle={() => {}} />);
    expect(screen.getByRole('checkbox', { name: /Bridgerton/ })).toBeChecked();
  });

  it('unticks the real show by its link spelling too', () => {
    expect(toggleName(['real-housewives-of-beverly-hills'], 'The Real Housewives of Beverly Hills')).toEqual(
      [],
    );
    expect(toggleName([], 'Succession')).toEqual(['Succession']);
  });
});
