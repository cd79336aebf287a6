import closeWithGrace from 'close-with-grace';
import type { FastifyInstance } from 'fastify';
import { stopTracing } from './tracing/start-tracing.ts';

export interface Closable {
  close(): Promise<unknown>;
}

/** What a process's close is given on SIGTERM. */
export interface ShutdownWindow {
  /**
   * Aborts when what is still running must be handed back (jobs to their queue, claimed rows to
   * pending): early enough that handing back and closing the pools end within the grace period.
   */
  handBack: AbortSignal;
}

export interface ShutdownOptions {
  log: { info: (msg: string) => void; error: (obj: object, msg: string) => void };
  /** SHUTDOWN_GRACE_MS: from the signal to the forced exit. */
  graceMs: number;
}

/** The end of the grace period kept for handing back and closing: a quarter of it, at most 2 s. */
const HAND_BACK_MARGIN_MS = 2_000;

/** When, after the signal, a process hands back what it has not finished. */
export function handBackAfterMs(graceMs: number): number {
  return graceMs - Math.min(HAND_BACK_MARGIN_MS, Math.floor(graceMs / 4));
}

/**
 * Listens, and on SIGTERM or SIGINT stops accepting, lets in-flight requests finish within the
 * grace period, then closes what the service opened (pools, queues) through the app's onClose hooks.
 */
export async function runService(
  app: FastifyInstance,
  listen: { port: number; host: string },
  shutdown: { graceMs: number },
): Promise<void> {
  installGracefulShutdown({ log: app.log, graceMs: shutdown.graceMs }, () => app.close());
  await app.listen(listen);
}

/**
 * For every process: on a signal, runs `close` and exits 0 when it ends, or 1 once the grace
 * period is over. `close` is told when to hand back what it still holds (ShutdownWindow), so a
 * worker that cannot finish a job in time releases it for another worker instead of leaving it
 * locked until its lock expires.
 */
export function installGracefulShutdown(
  { log, graceMs }: ShutdownOptions,
  close: (window: ShutdownWindow) => Promise<unknown>,
): void {
  closeWithGrace(
    {
      delay: graceMs,
      onTimeout: (delay) => log.error({ graceMs: delay }, 'grace period over, exiting with work unfinished'),
    },
    async ({ signal, err }) => {
      if (err) log.error({ err }, 'shutting down after an unexpected error');
      else log.info(`received ${signal ?? 'shutdown'}, shutting down gracefully`);
      const handBack = new AbortController();
      const timer = setTimeout(
        () => handBack.abort(new Error('grace period ending')),
        handBackAfterMs(graceMs),
      );
      timer.unref();
      try {
        await close({ handBack: handBack.signal });
      } finally {
        clearTimeout(timer);
        // Last: the spans of the requests and jobs just finished are sent too.
        await stopTracing();
      }
      log.info('stopped');
    },
  );
}
