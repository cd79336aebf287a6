import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// findBy*/waitFor wait 1 s by default; a lazy route's first render can take longer on a busy machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no layout: scrolling is a no-op here (the real behaviour is covered in Chromium).
window.scrollTo = (() => {}) as typeof window.scrollTo;
