import type { AdminCelebrity, AdminShow } from '@celebstyle/contracts';
import { describe, expect, it } from 'vitest';
import {
  celebrityChanges,
  celebrityFormError,
  formValuesOf,
} from '../src/features/celebrities/celebrity-form.ts';
import { splitList } from '../src/lib/form-text.ts';
import {
  filterCelebrities,
  generatedDescriptionCount,
} from '../src/features/celebrities/celebrity-search.ts';
import { filterShows, pageStats } from '../src/features/shows/show-page-stats.ts';
import { formValuesOf as showFormValuesOf, showChanges } from '../src/features/shows/show-form.ts';

const celebrity = (over: Partial<AdminCelebrity> = {}): AdminCelebrity => ({
  _id: 'c1',
  name: 'Kyle Richards',
  slug: 'kyle-richards',
  description: 'Written by the system.',
  profileImage: null,
  shows: ['The Real Housewives of Beverly Hills'],
  mainShow: 'The Real Housewives of Beverly Hills',
  network: 'Bravo',
  location: 'Beverly Hills',
  totalLooks: 12,
  descriptionGenerated: true,
  lastUpdated: '2026-11-01T00:00:00.000Z',
  ...over,
});

const show = (over: Partial<AdminShow> = {}): AdminShow => ({
  _id: 's1',
  name: 'Summer House',
  slug: 'summer-house',
  searchTerm: null,
  network: 'Bravo',
  status: 'Running',
  genres: ['Reality', 'Drama', 'Comedy'],
  summary: null,
  originalImage: null,
  mediumImage: null,
  postCount: 4,
  premiered: null,
  tvmazeId: null,
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...over,
});

describe('Celebrity Management', () => {
  it('searches the loaded list by name, network, main show or the shows they are in, ignoring case', () => {
    const list = [
      celebrity(),
      celebrity({
        _id: 'c2',
        name: 'Lala Kent',
        network: 'Peacock',
        mainShow: 'Vanderpump Rules',
        shows: ['The Valley'],
      }),
    ];
    expect(filterCelebrities(list, 'kyle').map((c) => c._id)).toEqual(['c1']);
    expect(filterCelebrities(list, 'PEACOCK').map((c) => c._id)).toEqual(['c2']);
    expect(filterCelebrities(list, 'vanderpump').map((c) => c._id)).toEqual(['c2']);
    expect(filterCelebrities(list, 'valley').map((c) => c._id)).toEqual(['c2']);
    expect(filterCelebrities(list, '  ')).toHaveLength(2);
  });

  it('counts AI descriptions on the page', () => {
    expect(generatedDescriptionCount([celebrity(), celebrity({ descriptionGenerated: false })])).toBe(1);
  });

  it('sends only what changed, so an untouched description keeps its AI flag', () => {
    const values = { ...formValuesOf(celebrity()), name: ' Kyle R. ', shows: 'A, B,, a ' };
    expect(celebrityChanges(celebrity(), values)).toEqual({ name: 'Kyle R.', shows: ['A', 'B'] });
    expect(celebrityChanges(celebrity(), formValuesOf(celebrity()))).toEqual({});
    expect(celebrityChanges(celebrity(), { ...formValuesOf(celebrity()), location: '' })).toEqual({
      location: null,
    });
  });

  it('refuses a blank name and splits shows without blanks or repeats', () => {
    expect(celebrityFormError({ ...formValuesOf(celebrity()), name: '  ' })).toBe('Name is required');
    expect(celebrityFormError(formValuesOf(celebrity()))).toBeNull();
    expect(splitList(' One ,two, ONE,, ')).toEqual(['One', 'two']);
  });
});

describe('Shows Management', () => {
  it('counts running shows, posts and networks over the page', () => {
    const page = [
      show(),
      show({ _id: 's2', status: 'Ended', network: 'bravo ', postCount: 3 }),
      show({ _id: 's3', status: 'Running', network: null, postCount: 0 }),
    ];
    expect(pageStats(page)).toEqual({ running: 2, posts: 7, networks: 1 });
  });

  it('searches the page by name, network, status or genre', () => {
    const page = [
      show(),
      show({ _id: 's2', name: 'The Office', network: 'NBC', status: 'Ended', genres: ['Comedy'] }),
    ];
    expect(filterShows(page, 'office').map((s) => s._id)).toEqual(['s2']);
    expect(filterShows(page, 'drama').map((s) => s._id)).toEqual(['s1']);
    expect(filterShows(page, 'ended').map((s) => s._id)).toEqual(['s2']);
  });

  it('sends only the fields the admin changed (those TVmaze then leaves alone)', () => {
    const values = { ...showFormValuesOf(show()), status: '' as const, genres: 'Reality, Drama, Comedy' };
    expect(showChanges(show(), values)).toEqual({ status: null });
    expect(showChanges(show(), { ...showFormValuesOf(show()), searchTerm: 'Summer House Bravo' })).toEqual({
      searchTerm: 'Summer House Bravo',
    });
  });
});
