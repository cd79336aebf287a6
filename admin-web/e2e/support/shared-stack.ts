import { inject } from 'vitest';
import type { StackAddresses } from '@celebstyle/deploy/e2e';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e project's one stack, started by its globalSetup (shared-stack-setup.ts). */
    adminSharedStack: StackAddresses;
  }
}

/**
 * The stack every journey file of the e2e project shares (20 demo posts, no workers). A file on it
 * writes nothing another file reads (its own titles, usernames, rules) and counts relative to what
 * it found; files that need workers or settings of their own start their own stack
 * (ownStackJourney, the e2e-own-stack project in vite.config.ts).
 */
export function sharedStack(): StackAddresses {
  const stack = inject('adminSharedStack');
  if (!stack)
    throw new Error('no shared stack: run this file in the e2e project, whose globalSetup starts it');
  return stack;
}
