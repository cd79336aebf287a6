import { useSyncExternalStore } from 'react';
import { CONNECTION_PROBE_MS } from '../config/constants.ts';

/**
 * Whether the console can reach the API, for the header's Online / Offline. Every call through the
 * API client reports what happened: an answer (whatever its status) means the API is reachable, a
 * request that got no answer means it is not. While unreachable, and when the browser says it went
 * offline, the gateway's health address is asked every few seconds until it answers.
 */
const PROBE_PATH = '/healthz';

let reachable = typeof navigator === 'undefined' ? true : navigator.onLine;
let probeTimer: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();

function set(next: boolean) {
  if (next === reachable) return;
  reachable = next;
  for (const listener of listeners) listener();
}

function scheduleProbe() {
  if (probeTimer !== null || listeners.size === 0) return;
  probeTimer = setTimeout(() => {
    probeTimer = null;
    fetch(PROBE_PATH, { cache: 'no-store' })
      .then((res) => {
        void res.body?.cancel();
        reportAnswer();
      })
      .catch(() => reportNoAnswer());
  }, CONNECTION_PROBE_MS);
}

/** An API call got an answer. */
export function reportAnswer() {
  set(true);
}

/** An API call got no answer (the network or the gateway is down). */
export function reportNoAnswer() {
  set(false);
  scheduleProbe();
}

function onBrowserOffline() {
  reportNoAnswer();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('offline', onBrowserOffline);
    window.addEventListener('online', scheduleProbe);
    if (!reachable) scheduleProbe();
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('offline', onBrowserOffline);
      window.removeEventListener('online', scheduleProbe);
      if (probeTimer !== null) clearTimeout(probeTimer);
      probeTimer = null;
    }
  };
}

export function useApiReachable(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => reachable,
    () => true,
  );
}
