import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  // node-environment tests (the lint rule's) have no localStorage
  if (typeof localStorage !== 'undefined') localStorage.clear();
});
