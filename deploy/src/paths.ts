import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (deploy/src/ is two levels down). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The git-ignored folder for local runtime state (README.md, Configuration). */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');

// The development defaults every process uses, defined once (service-kit, queue).
export { DEFAULT_DATABASE_URL } from '@celebstyle/service-kit';
export { DEFAULT_QUEUE_PREFIX, DEFAULT_REDIS_URL } from '@celebstyle/queue';
