// Manual helper: `node --import tsx e2e/support/run-stack.ts` starts a throw-away stack and prints
// its URL; Ctrl-C (SIGINT/SIGTERM) stops it and drops the database.
import { startE2eStack } from './stack.ts';

const stack = await startE2eStack('manual', Number(process.env.SEED_POSTS ?? 240));
console.log(`STACK_URL=${stack.url}`);
const stop = () => {
  stack.stop().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error('could not stop the stack cleanly', err);
      process.exit(1);
    },
  );
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
