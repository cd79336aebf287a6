import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// jsdom has no layout: scrolling is a no-op here (the real behaviour is covered in Chromium).
window.scrollTo = (() => {}) as typeof window.scrollTo;
