// `npm start`: the whole product on this machine. See deploy/README.md.
import { adminConsoleLines, checkAdminSignIn } from './admin-sign-in.ts';
import { startStack } from './start-stack.ts';

const bold = (text: string) => (process.stdout.isTTY ? `\x1b[1m${text}\x1b[0m` : text);
const started = Date.now();

let stack: Awaited<ReturnType<typeof startStack>> | undefined;
let stopping = false;

async function shutdown(signal: string): Promise<void> {
  if (stopping) {
    console.log('launcher  | second signal: exiting now');
    process.exit(1);
  }
  stopping = true;
  console.log(`launcher  | ${signal}: stopping every process`);
  await stack?.stop();
  console.log('launcher  | stopped');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

try {
  stack = await startStack({ demoShops: true });
  if (stopping) await stack.stop();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log('');
  console.log(`launcher  | ${bold(`CelebStyle is running at ${stack.url}`)}  (started in ${seconds} s)`);
  const signIn = await checkAdminSignIn(stack.url, stack.admin);
  for (const line of adminConsoleLines(`${stack.url}/admin`, stack.admin, signIn, bold))
    console.log(`launcher  | ${line}`);
  console.log(
    `launcher  | processes: ${stack.processes.join(', ')}${stack.embeddedPostgres ? ', embedded PostgreSQL' : ''}`,
  );
  console.log('launcher  | press Ctrl-C to stop');
} catch (error) {
  console.error(`launcher  | could not start: ${(error as Error).message}`);
  process.exit(1);
}
