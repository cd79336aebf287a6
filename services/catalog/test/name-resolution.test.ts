import { describe, expect, it } from 'vitest';
import { resolveNames, splitNameList, type KnownName } from '../src/modules/posts/name-resolution.ts';

const shows: KnownName[] = [
  { key: 'real housewives of beverly hills', name: 'The Real Housewives of Beverly Hills', count: 40 },
  { key: 'real housewives of atlanta', name: 'The Real Housewives of Atlanta', count: 30 },
  { key: 'office', name: 'The Office', count: 5 },
  { key: 'selling sunset', name: 'Selling Sunset', count: 12 },
  { key: 'sunset boulevard', name: 'Sunset Boulevard', count: 2 },
];
const celebrities: KnownName[] = [
  { key: 'kyle richards', name: 'Kyle Richards', count: 20 },
  { key: 'kyle chan', name: 'Kyle Chan', count: 3 },
  { key: 'khloé kardashian', name: 'Khloé Kardashian', count: 8 },
];

describe('resolveNames (storefront.md §4)', () => {
  it('matches exactly, then case-insensitively', () => {
    expect(resolveNames('show', ['Selling Sunset'], shows)).toEqual(['selling sunset']);
    expect(resolveNames('show', ['SELLING sunset'], shows)).toEqual(['selling sunset']);
    expect(resolveNames('celebrity', ['kyle CHAN'], celebrities)).toEqual(['kyle chan']);
  });

  it('ignores a leading The in show names, either way round', () => {
    expect(resolveNames('show', ['office'], shows)).toEqual(['office']);
    expect(resolveNames('show', ['The Office'], shows)).toEqual(['office']);
    expect(resolveNames('show', ['the real housewives of atlanta'], shows)).toEqual([
      'real housewives of atlanta',
    ]);
  });

  it("selects every show containing 'Real Housewives'", () => {
    expect(resolveNames('show', ['Real Housewives'], shows).sort()).toEqual([
      'real housewives of atlanta',
      'real housewives of beverly hills',
    ]);
    expect(resolveNames('show', ['the real housewives'], shows)).toHaveLength(2);
  });

  it('falls back to the partial match with the most looks', () => {
    expect(resolveNames('show', ['sunset'], shows)).toEqual(['selling sunset']);
    expect(resolveNames('celebrity', ['kyle'], celebrities)).toEqual(['kyle richards']);
    expect(resolveNames('show', ['beverly'], shows)).toEqual(['real housewives of beverly hills']);
  });

  it('folds accents', () => {
    expect(resolveNames('celebrity', ['Khloe Kardashian'], celebrities)).toEqual(['khloé kardashian']);
    expect(resolveNames('celebrity', ['khloe'], celebrities)).toEqual(['khloé kardashian']);
  });

  it('keeps an unknown name as its own key, so it selects nothing', () => {
    expect(resolveNames('celebrity', ['Nobody Here'], celebrities)).toEqual(['nobody here']);
  });

  it('resolves comma lists without duplicates', () => {
    expect(splitNameList(' Kyle Richards, kyle richards ,,Kyle Chan ')).toEqual([
      'Kyle Richards',
      'kyle richards',
      'Kyle Chan',
    ]);
    expect(
      resolveNames('celebrity', splitNameList('Kyle Richards,kyle richards,Kyle Chan'), celebrities),
    ).toEqual(['kyle richards', 'kyle chan']);
  });
});
