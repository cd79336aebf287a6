import type { AdminCelebrity } from './api/celebrities-api.ts';

/**
 * admin.md §2 Celebrity Management: the search filters the loaded list by name, network, main show
 * or genres, case-insensitively. A celebrity record has no genres of its own; the shows they appear
 * in stand for them (a search for a show's name finds its cast).
 */
export function filterCelebrities(celebrities: AdminCelebrity[], term: string): AdminCelebrity[] {
  const needle = term.trim().toLowerCase();
  if (!needle) return celebrities;
  return celebrities.filter((celebrity) =>
    [celebrity.name, celebrity.network, celebrity.mainShow, ...celebrity.shows].some((value) =>
      value?.toLowerCase().includes(needle),
    ),
  );
}

/** 'AI Descriptions' counts the celebrities of the current page whose description the system wrote. */
export const generatedDescriptionCount = (celebrities: AdminCelebrity[]) =>
  celebrities.filter((celebrity) => celebrity.descriptionGenerated).length;
