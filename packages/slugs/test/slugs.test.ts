import { describe, expect, it } from 'vitest';
import { slugToDisplayName, toSlug, withoutLeadingThe } from '../src/index.ts';

describe('toSlug', () => {
  it.each([
    ['Kyle Richards', 'kyle-richards'],
    ['  The Real Housewives of Beverly Hills  ', 'the-real-housewives-of-beverly-hills'],
    ["Grey's Anatomy", 'greys-anatomy'],
    ['Emily in Paris -- Season 4', 'emily-in-paris-season-4'],
    ['Beyoncé', 'beyonce'],
    ['Sex and the City: And Just Like That...', 'sex-and-the-city-and-just-like-that'],
    ['--Odd__name--', 'odd-name'],
  ])('turns %j into %j', (name, slug) => {
    expect(toSlug(name)).toBe(slug);
  });

  it('is stable: a slug slugs to itself', () => {
    for (const name of ['Kyle Richards', "Grey's Anatomy", 'Beyoncé Knowles-Carter']) {
      expect(toSlug(toSlug(name))).toBe(toSlug(name));
    }
  });
});

describe('slugToDisplayName', () => {
  it('capitalises each word', () => {
    expect(slugToDisplayName('kyle-richards')).toBe('Kyle Richards');
  });
  it('drops a leading title', () => {
    expect(slugToDisplayName('dr-paul-nassif')).toBe('Paul Nassif');
    expect(slugToDisplayName('mrs-doubtfire')).toBe('Doubtfire');
  });
  it('keeps a lone word even when it looks like a title', () => {
    expect(slugToDisplayName('prof')).toBe('Prof');
  });
});

describe('withoutLeadingThe', () => {
  it('ignores a leading The in any case', () => {
    expect(withoutLeadingThe('The Bear')).toBe('Bear');
    expect(withoutLeadingThe('the crown')).toBe('crown');
    expect(withoutLeadingThe('Theodore')).toBe('Theodore');
  });
});
