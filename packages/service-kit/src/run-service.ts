import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';

export interface Closable {
  close(): Promise<unknown>;
}

const GRACE_MS = 10_000;

/**
 * Listens, and on SIGTERM or SIGINT stops accepting, lets in-flight requests finish, then closes
 * what the service opened (pools, queues, workers) through the app's onClose hooks.
 */
export async function runService(
  app: FastifyInstance,
  listen: { port: number; host: string },
): Promise<void> {
  installGracefulShutdown(app.log, () => app.close());
  await app.listen(listen);
}

/** For processes without an HTTP server (workers): close every closable in order on a signal. */
export function installGracefulShutdown(
  log: { info: (msg: string) => void; error: (obj: object, msg: string) => void },
  close: () => Promise<unknown>,
): void {
  closeWithGrace({ delay: GRACE_MS }, async ({ signal, err }) => {
    if (err) log.error({ err }, 'shutting down after an unexpected error');
    else log.info(`received ${signal ?? 'shutdown'}, shutting down gracefully`);
    await close();
    log.info('stopped');
  });
}
