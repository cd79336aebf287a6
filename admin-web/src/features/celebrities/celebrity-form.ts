import { orNull, splitList } from '../../lib/form-text.ts';
import type { AdminCelebrity, AdminCelebrityUpdate } from './api/celebrities-api.ts';

/** The Edit Celebrity form's fields as typed (shows as one comma-separated line). */
export interface CelebrityFormValues {
  name: string;
  description: string;
  profileImage: string;
  shows: string;
  mainShow: string;
  network: string;
  location: string;
}

export function formValuesOf(celebrity: AdminCelebrity): CelebrityFormValues {
  return {
    name: celebrity.name,
    description: celebrity.description ?? '',
    profileImage: celebrity.profileImage ?? '',
    shows: celebrity.shows.join(', '),
    mainShow: celebrity.mainShow ?? '',
    network: celebrity.network ?? '',
    location: celebrity.location ?? '',
  };
}

/** A blank name is refused before any call (the server refuses it too). */
export function celebrityFormError(values: CelebrityFormValues): string | null {
  if (values.name.trim() === '') return 'Name is required';
  return null;
}

/**
 * Only what changed goes to PUT /admin/celebrities/{id}: an untouched description keeps its
 * 'AI description' flag, and an unchanged name causes no rename of posts.
 */
export function celebrityChanges(
  celebrity: AdminCelebrity,
  values: CelebrityFormValues,
): AdminCelebrityUpdate {
  const changes: AdminCelebrityUpdate = {};
  if (values.name.trim() !== celebrity.name) changes.name = values.name.trim();
  if (orNull(values.description) !== celebrity.description) changes.description = orNull(values.description);
  if (orNull(values.profileImage) !== celebrity.profileImage)
    changes.profileImage = orNull(values.profileImage);
  const shows = splitList(values.shows);
  if (shows.join('\n') !== celebrity.shows.join('\n')) changes.shows = shows;
  if (orNull(values.mainShow) !== celebrity.mainShow) changes.mainShow = orNull(values.mainShow);
  if (orNull(values.network) !== celebrity.network) changes.network = orNull(values.network);
  if (orNull(values.location) !== celebrity.location) changes.location = orNull(values.location);
  return changes;
}
