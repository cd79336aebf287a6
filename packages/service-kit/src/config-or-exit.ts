import { ConfigError } from './config.ts';

/**
 * A process's configuration, or, when the configuration is refused, the ConfigError's message alone
 * on stderr and exit code 1: the operator reads which variable to fix, not the loader's stack.
 * Any other error is thrown on as it is.
 */
export function configOrExit<T>(processName: string, load: () => T): T {
  try {
    return load();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`${processName}: cannot start: ${error.message}`);
    process.exit(1);
  }
}
