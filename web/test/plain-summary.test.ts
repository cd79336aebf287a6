import { describe, expect, it } from 'vitest';
import { plainSummary } from '../src/features/shows/plain-summary.ts';

describe('show summary with markup stripped (storefront.md §2 Show page)', () => {
  it('leaves no stray space where an inline tag ended before punctuation', () => {
    expect(
      plainSummary('<p>The women of <b>Beverly Hills</b>: friendships, feuds and <i>fashion</i>.</p>', 'x'),
    ).toBe('The women of Beverly Hills: friendships, feuds and fashion.');
  });

  it('keeps words of separate paragraphs and lines apart, and decodes entities', () => {
    expect(plainSummary('<p>Season one.</p><p>Season&nbsp;two &amp; three<br/>Tom&#39;s pick</p>', 'x')).toBe(
      "Season one. Season two & three Tom's pick",
    );
  });

  it('falls back to a default blurb when nothing is left', () => {
    expect(plainSummary('<p> </p>', 'Bridgerton')).toMatch(/^Shop the outfits worn on Bridgerton/);
    expect(plainSummary(null, 'Bridgerton')).toMatch(/^Shop the outfits worn on Bridgerton/);
  });
});
