import type { TestProject } from 'vitest/node';
import { addressesOf, startE2eStack } from '@celebstyle/deploy/e2e';

/** globalSetup of the e2e project: starts the stack its files share (sharedStack()) and stops it after the run. */
export default async function startSharedStack(project: TestProject): Promise<() => Promise<void>> {
  const e2e = await startE2eStack('admin_shared', { seedPosts: 20 });
  project.provide('adminSharedStack', addressesOf(e2e));
  return () => e2e.stop();
}
