// What the launcher (deploy/) and tests use from the accounts service.
export { migrate, schema } from './db/migrate.ts';
export type { Database } from './db/database.ts';
export { buildApp, type AppDeps } from './app.ts';
export { AccountsSettings } from './config.ts';
export { ensureFirstSuperAdmin, type FirstAdminOutcome } from './modules/bootstrap/first-admin.ts';
export {
  createPasswordHasher,
  OWASP_ARGON2ID,
  type HashingCost,
} from './modules/passwords/password-hasher.ts';
export { generateSigningKeyPair } from './keys/generate-key-pair.ts';
export { importSigningKey } from './keys/signing-key.ts';
export { loadKeys } from './keys/key-settings.ts';
