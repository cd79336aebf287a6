// A vitest setup file (setupFiles) for the tests of a service: the test file fails when any of its
// requests was answered with a status its route declares no response schema for.
import { afterAll, expect } from 'vitest';
import { undeclaredAnswers } from '../openapi/status-coverage.ts';

afterAll(() => {
  expect(undeclaredAnswers(), 'answers with a status their route declares no response schema for').toEqual(
    [],
  );
});
