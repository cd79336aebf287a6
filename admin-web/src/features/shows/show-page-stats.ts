import type { AdminShow } from './api/shows-api.ts';

/**
 * admin.md §2 Shows Management: 'Currently Running', 'Total Posts' and 'Networks' are counted over
 * the shows on the page (Total Shows is the list's total).
 */
export function pageStats(shows: AdminShow[]) {
  return {
    running: shows.filter((show) => show.status === 'Running').length,
    posts: shows.reduce((sum, show) => sum + show.postCount, 0),
    networks: new Set(shows.map((show) => show.network?.trim().toLowerCase()).filter(Boolean)).size,
  };
}

/** The search filters the loaded page on the client: name, network, status, genres, search term. */
export function filterShows(shows: AdminShow[], term: string): AdminShow[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return shows;
  return shows.filter((show) =>
    [show.name, show.network, show.status, show.searchTerm, ...show.genres].some((value) =>
      value?.toLowerCase().includes(needle),
    ),
  );
}
