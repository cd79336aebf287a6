import { inject } from 'vitest';
import type { StackAddresses } from '@celebstyle/deploy/e2e';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The e2e project's one stack, started by its globalSetup (shared-stack-setup.ts). */
    webSharedStack: StackAddresses;
  }
}

/**
 * The stack every journey file of the e2e project shares (240 demo posts, no workers). A file on it
 * writes nothing another file reads: those that need workers, an SMTP server or a catalog they can
 * kill start their own (the e2e-own-stack project in vite.config.ts).
 */
export function sharedStack(): StackAddresses {
  const stack = inject('webSharedStack');
  if (!stack)
    throw new Error('no shared stack: run this file in the e2e project, whose globalSetup starts it');
  return stack;
}
