import { useSyncExternalStore } from 'react';
import { BREAKPOINT_SM } from '../config/constants.ts';

/** Subscribes to a CSS media query; false on the server and in tests without matchMedia. */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => false,
  );
}

export const minWidth = (px: number) => `(min-width: ${px}px)`;

/**
 * Like useMediaQuery, but undefined on the server and while a server-rendered page hydrates, when
 * the viewport is not known yet: a layout chosen by it is then left to CSS (components/ui/
 * phone-or-wide.tsx), so the server's HTML already looks right at every width and hydrating it
 * moves nothing.
 */
export function useMediaQueryOnceKnown(query: string): boolean | undefined {
  return useSyncExternalStore<boolean | undefined>(
    (onChange) => {
      if (typeof window.matchMedia !== 'function') return () => {};
      const mql = window.matchMedia(query);
      mql.addEventListener('change', onChange);
      return () => mql.removeEventListener('change', onChange);
    },
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(query).matches : false),
    () => undefined,
  );
}

/** Whether the phone layout (under BREAKPOINT_SM) applies; undefined until known (see above). */
export const usePhoneLayout = (): boolean | undefined => {
  const wide = useMediaQueryOnceKnown(minWidth(BREAKPOINT_SM));
  return wide === undefined ? undefined : !wide;
};
