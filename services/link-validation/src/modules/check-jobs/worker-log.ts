/** The logger a worker module needs (pino satisfies it; tests pass a silent one). */
export interface WorkerLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
