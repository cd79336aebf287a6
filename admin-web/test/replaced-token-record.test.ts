import { afterEach, describe, expect, it } from 'vitest';
import { recordReplacedToken, wasReplaced } from '../src/lib/replaced-token-record.ts';

afterEach(() => Reflect.deleteProperty(globalThis, 'indexedDB'));

describe('the replaced-token note without a working IndexedDB', () => {
  it('notes nothing and finds nothing when the browser has no IndexedDB', async () => {
    await expect(recordReplacedToken('access-1')).resolves.toBeUndefined();
    await expect(wasReplaced('access-1')).resolves.toBe(false);
  });

  it('notes nothing and finds nothing when opening the database throws (a private window that refuses storage)', async () => {
    Object.defineProperty(globalThis, 'indexedDB', {
      value: {
        open() {
          throw new DOMException(
            'A mutation operation was attempted on a database that did not allow mutations.',
            'InvalidStateError',
          );
        },
      },
      configurable: true,
    });
    await expect(recordReplacedToken('access-1')).resolves.toBeUndefined();
    await expect(wasReplaced('access-1')).resolves.toBe(false);
  });
});
