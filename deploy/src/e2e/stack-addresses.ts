import type { RunningStack } from '../start-stack.ts';
import type { E2eStack } from './throwaway-stack.ts';

/**
 * What a test file needs of a stack started elsewhere (vitest's globalSetup, which hands test files
 * plain data through provide and inject): where it answers and how to sign in, no process handles.
 */
export type StackAddresses = { url: string } & Pick<
  RunningStack,
  'redisUrl' | 'queuePrefix' | 'services' | 'admin'
>;

export function addressesOf({ stack }: E2eStack): StackAddresses {
  const { url, redisUrl, queuePrefix, services, admin } = stack;
  return { url, redisUrl, queuePrefix, services, admin };
}
