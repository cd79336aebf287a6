import { SHOW_STATUSES } from '@celebstyle/contracts';
import { orNull, splitList } from '../../lib/form-text.ts';
import type { AdminShow, AdminShowUpdate, ShowStatus } from './api/shows-api.ts';

export { SHOW_STATUSES };

/** The Edit Show form's fields as typed (genres as one comma-separated line, '' for no status). */
export interface ShowFormValues {
  name: string;
  searchTerm: string;
  network: string;
  status: ShowStatus | '';
  genres: string;
  summary: string;
  originalImage: string;
  mediumImage: string;
}

export function formValuesOf(show: AdminShow): ShowFormValues {
  return {
    name: show.name,
    searchTerm: show.searchTerm ?? '',
    network: show.network ?? '',
    status: show.status ?? '',
    genres: show.genres.join(', '),
    summary: show.summary ?? '',
    originalImage: show.originalImage ?? '',
    mediumImage: show.mediumImage ?? '',
  };
}

export function showFormError(values: ShowFormValues): string | null {
  return values.name.trim() === '' ? 'Name is required' : null;
}

/**
 * Only what changed goes to PUT /admin/shows/{id}: a field sent is a field the admin set by hand,
 * which TVmaze lookups then leave alone.
 */
export function showChanges(show: AdminShow, values: ShowFormValues): AdminShowUpdate {
  const changes: AdminShowUpdate = {};
  if (values.name.trim() !== show.name) changes.name = values.name.trim();
  if (orNull(values.searchTerm) !== show.searchTerm) changes.searchTerm = orNull(values.searchTerm);
  if (orNull(values.network) !== show.network) changes.network = orNull(values.network);
  const status = values.status === '' ? null : values.status;
  if (status !== show.status) changes.status = status;
  const genres = splitList(values.genres);
  if (genres.join('\n') !== show.genres.join('\n')) changes.genres = genres;
  if (orNull(values.summary) !== show.summary) changes.summary = orNull(values.summary);
  if (orNull(values.originalImage) !== show.originalImage)
    changes.originalImage = orNull(values.originalImage);
  if (orNull(values.mediumImage) !== show.mediumImage) changes.mediumImage = orNull(values.mediumImage);
  return changes;
}
