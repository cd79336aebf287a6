import { useEffect, useRef, useState } from 'react';
import type { PostLinkDetails } from '@celebstyle/contracts';
import { sleep } from '../../../lib/sleep.ts';
import { notify } from '../../../lib/toast.tsx';
import { linkValidationApi } from './link-validation-api.ts';
import { useInvalidateLinkHealth } from './link-validation-queries.ts';
import { CHECK_POLL_MS, CHECK_TIMEOUT_MS } from '../../../config/constants.ts';

export const CheckTexts = {
  done: 'Check complete',
  failed: 'Check failed',
  timedOut: 'Check still running',
  timedOutMessage: 'No new result yet. Refresh later to see it.',
} as const;

/** Every wanted link has a check newer than the request (a link never checked has none). */
export function checkArrived(details: PostLinkDetails, requestedAt: string, linkId?: string): boolean {
  const since = Date.parse(requestedAt);
  const links = linkId ? details.links.filter((link) => link.linkId === linkId) : details.links;
  return (
    links.length > 0 &&
    links.every((link) => link.lastChecked !== null && Date.parse(link.lastChecked) > since)
  );
}

/**
 * 'Check now' for a link or a post: queues the check, then reads the post's links every 2 s until
 * the new result is there (then the screen reloads), or gives up after 90 s with a message.
 * Returns whether a check of that target is running.
 */
export function useCheckNow() {
  const [running, setRunning] = useState<ReadonlySet<string>>(new Set());
  const invalidate = useInvalidateLinkHealth();
  const live = useRef(true);
  // set on every mount, not only at creation: StrictMode (main.tsx) mounts, unmounts and mounts
  // again in development, and a flag left false would stop every check before its first poll
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const mark = (key: string, on: boolean) =>
    setRunning((current) => {
      const next = new Set(current);
      if (on) next.add(key);
      else next.delete(key);
      return next;
    });

  async function check(target: { postId: string; linkId?: string }) {
    const key = target.linkId ?? target.postId;
    mark(key, true);
    try {
      const { requestedAt } = target.linkId
        ? await linkValidationApi.checkLink(target.linkId)
        : await linkValidationApi.checkPost(target.postId);
      const deadline = Date.now() + CHECK_TIMEOUT_MS;
      while (live.current && Date.now() < deadline) {
        await sleep(CHECK_POLL_MS);
        const details = await linkValidationApi.postLinks(target.postId);
        if (checkArrived(details, requestedAt, target.linkId)) {
          await invalidate();
          notify.success(CheckTexts.done);
          return;
        }
      }
      if (live.current) notify.info(CheckTexts.timedOut, CheckTexts.timedOutMessage);
    } catch (error) {
      notify.error(CheckTexts.failed, (error as Error).message);
    } finally {
      if (live.current) mark(key, false);
    }
  }

  return { check, isChecking: (key: string) => running.has(key) };
}
