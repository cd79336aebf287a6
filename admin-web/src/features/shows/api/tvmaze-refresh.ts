import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorText } from '../../../lib/error-text.ts';
import { sleep } from '../../../lib/sleep.ts';
import { notify } from '../../../lib/toast.tsx';
import { ShowMessages, type AdminShow } from './shows-api.ts';
import { getShowsQueryOptions, useRefreshShowFromTvmaze } from './shows-queries.ts';
import { TVMAZE_WAIT_MS, TVMAZE_POLL_MS } from '../../../config/constants.ts';

/**
 * 'Refresh from TVmaze': the lookup is queued (202) and runs in the catalog worker. The screen
 * re-reads the show's page until its updatedAt moves (the lookup landed: a success toast, and the
 * new fields show in the row, since the re-read fills the page's cache), or says after 30 s that
 * nothing came back (TVmaze has no match for the search term, or the worker is busy).
 */
export function useTvmazeRefresh(page: number) {
  const queryClient = useQueryClient();
  const refresh = useRefreshShowFromTvmaze();
  const [awaited, setAwaited] = useState<ReadonlySet<string>>(new Set());
  // a lookup is watched only while the screen is open: nobody is left to tell when it lands
  const open = useRef(true);
  useEffect(() => {
    open.current = true;
    return () => {
      open.current = false;
    };
  }, []);

  const setAwaiting = (id: string, on: boolean) =>
    setAwaited((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  async function awaitLookup(show: AdminShow) {
    setAwaiting(show._id, true);
    try {
      const deadline = Date.now() + TVMAZE_WAIT_MS;
      while (Date.now() < deadline) {
        await sleep(TVMAZE_POLL_MS);
        if (!open.current) return;
        const answer = await queryClient.fetchQuery({ ...getShowsQueryOptions(page), staleTime: 0 });
        const fresh = answer.shows.find((candidate) => candidate._id === show._id);
        if (!fresh) return; // deleted meanwhile
        if (fresh.updatedAt !== show.updatedAt) {
          notify.success('Show refreshed from TVmaze', fresh.name);
          return;
        }
      }
      if (!open.current) return;
      notify.info('No answer from TVmaze yet', `${show.name}: check its search term, or try again later.`);
    } catch {
      notify.error(ShowMessages.load);
    } finally {
      setAwaiting(show._id, false);
    }
  }

  function start(show: AdminShow) {
    refresh.mutate(show._id, {
      onSuccess: () => void awaitLookup(show),
      onError: (error) => notify.error(errorText(ShowMessages.refresh, error), show.name),
    });
  }

  const refreshing = new Set(awaited);
  if (refresh.isPending && refresh.variables) refreshing.add(refresh.variables);
  return { refreshing, start };
}
