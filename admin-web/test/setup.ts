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
