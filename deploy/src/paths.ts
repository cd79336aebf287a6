import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root (deploy/src/ is two levels down). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The git-ignored folder for local runtime state (README.md, Configuration). */
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/celebstyle';
export const DEFAULT_REDIS_URL = 'redis://127.0.0.1:6379';
export const DEFAULT_QUEUE_PREFIX = 'celebstyle';
