import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // node-environment tests (the lint rule's) have no localStorage
  if (typeof localStorage !== 'undefined') localStorage.clear();
});

// findBy*/waitFor wait 1 s by default; a lazy screen's first render can take longer on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia; the toaster and the chart ask for prefers-reduced-motion. Defined once
// for every component test (not a per-test stub, so vi.unstubAllGlobals() keeps it).
if (typeof window !== 'undefined') {
  const matchMedia = (query: string) => ({
    matches: false,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  });
  for (const scope of [globalThis, window])
    Object.defineProperty(scope, 'matchMedia', { value: matchMedia, configurable: true, writable: true });
}

// jsdom lacks pointer capture and scrollIntoView, which Radix Select calls when it opens and
// highlights an option; real browsers have both.
if (typeof Element !== 'undefined') {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};
  Element.prototype.scrollIntoView ??= () => {};
}
