import { LinkValidationText, type LinkCheckNowAnswer } from '@celebstyle/contracts';
import { notFound } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import { postIsLive } from '../link-status/link-status.repository.ts';
import { queueCheckNow, type CheckNowQueue } from './check-now-queue.ts';
import { makeDueNow, type DueLink } from './check-now.repository.ts';

export interface CheckNowDeps {
  db: Kysely<Database>;
  queue: CheckNowQueue;
}

/** Puts one link at the front of the check queue. 404 for an unknown link or a deleted post's. */
export async function checkLinkNow(deps: CheckNowDeps, linkId: string): Promise<LinkCheckNowAnswer> {
  const requestedAt = new Date();
  const links = await makeDueNow(deps.db, { linkId });
  if (links.length === 0) throw notFound(LinkValidationText.linkNotFound);
  return { queued: await queueAll(deps.queue, links), requestedAt: requestedAt.toISOString() };
}

/** Puts every link of a post at the front of the check queue. 404 for an unknown or deleted post. */
export async function checkPostNow(deps: CheckNowDeps, postId: string): Promise<LinkCheckNowAnswer> {
  const requestedAt = new Date();
  const links = await makeDueNow(deps.db, { postId });
  // Links made due prove the post live; with none, it is a live post without links or no post.
  if (links.length === 0 && !(await postIsLive(deps.db, postId)))
    throw notFound(LinkValidationText.postNotFound);
  return { queued: await queueAll(deps.queue, links), requestedAt: requestedAt.toISOString() };
}

async function queueAll(queue: CheckNowQueue, links: readonly DueLink[]): Promise<number> {
  const queued = await Promise.all(links.map((link) => queueCheckNow(queue, link.id, link.dueMs)));
  return queued.filter(Boolean).length;
}
