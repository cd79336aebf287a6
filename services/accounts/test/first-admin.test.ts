import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createTestDatabase, type TestDatabase } from '@celebstyle/db';
import { createTestRedis, type TestRedis } from '@celebstyle/queue';
import { tokenVersionKey } from '@celebstyle/service-kit';
import type { Database } from '../src/db/database.ts';
import { migrate, schema as ACCOUNTS_SCHEMA } from '../src/db/migrate.ts';
import { ensureFirstSuperAdmin } from '../src/modules/bootstrap/first-admin.ts';
import { createPasswordHasher, type PasswordHasher } from '../src/modules/passwords/password-hasher.ts';
import { CHEAP_ARGON2ID } from './helpers/app.ts';

const run = promisify(execFile);
const SERVICE_ROOT = fileURLToPath(new URL('..', import.meta.url));

let database: TestDatabase;
let testRedis: TestRedis;
let db: Kysely<Database>;
let hasher: PasswordHasher;
beforeAll(async () => {
  database = await createTestDatabase('accounts_first_admin');
  testRedis = await createTestRedis('accounts-first-admin');
  db = createDb<Database>({ connectionString: database.url, schema: ACCOUNTS_SCHEMA });
  await migrate(db);
  hasher = await createPasswordHasher(CHEAP_ARGON2ID);
});
afterAll(async () => {
  // The admin command publishes token versions under the real (unprefixed) keys: remove ours.
  const ids = (await db.selectFrom('admins').select('id').execute()).map((row) => tokenVersionKey(row.id));
  const redis = new Redis(testRedis.url);
  if (ids.length > 0) await redis.del(...ids);
  redis.disconnect();
  await db.destroy();
  await testRedis.cleanup();
  await database.drop();
});

const settings = {
  ADMIN_USERNAME: 'owner',
  ADMIN_EMAIL: 'Owner@Example.com',
  ADMIN_PASSWORD: 'a strong first password',
};
const admins = () => db.selectFrom('admins').selectAll().orderBy('created_at').execute();

describe('the first super admin', () => {
  it('production refuses to start with no admin and no ADMIN_* settings; development only reports it', async () => {
    await expect(ensureFirstSuperAdmin(db, hasher, { NODE_ENV: 'production' })).rejects.toThrow(
      /ADMIN_USERNAME, ADMIN_EMAIL and ADMIN_PASSWORD/,
    );
    expect(await ensureFirstSuperAdmin(db, hasher, { NODE_ENV: 'development' })).toBe('not-configured');
    expect(await admins()).toHaveLength(0);
  });

  it('refuses a first password that breaks the policy', async () => {
    await expect(
      ensureFirstSuperAdmin(db, hasher, { NODE_ENV: 'production', ...settings, ADMIN_PASSWORD: 'short' }),
    ).rejects.toThrow('Password must be at least 8 characters long');
  });

  it('is created once from configuration, even when replicas start together', async () => {
    const outcomes = await Promise.all(
      [1, 2, 3].map(() => ensureFirstSuperAdmin(db, hasher, { NODE_ENV: 'production', ...settings })),
    );
    expect(outcomes.sort()).toEqual(['created', 'exists', 'exists']);
    const rows = await admins();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      username: 'owner',
      email: 'owner@example.com',
      role: 'super_admin',
      is_active: true,
    });
    expect(await hasher.verify(rows[0]!.password_hash, settings.ADMIN_PASSWORD)).toBe(true);
  });

  it('is left alone once admins exist, and production then starts without ADMIN_* settings', async () => {
    expect(await ensureFirstSuperAdmin(db, hasher, { NODE_ENV: 'production' })).toBe('exists');
  });
});

// Each case starts the command as its own Node process (tsx compiling it): seconds apiece on a loaded machine.
describe('npm run admin -- create|reset', { timeout: 90_000 }, () => {
  const env = () => ({
    ...process.env,
    DATABASE_URL: database.url,
    REDIS_URL: testRedis.url,
    NODE_ENV: 'test',
    ADMIN_PASSWORD: '',
  });
  const admin = (args: string[], extraEnv: Record<string, string> = {}) =>
    run(process.execPath, ['--import', 'tsx', 'src/admin-command.ts', ...args], {
      cwd: SERVICE_ROOT,
      env: { ...env(), ...extraEnv },
    });

  it('creates an admin with a generated password shown once, and resets it from the environment', async () => {
    const created = await admin([
      'create',
      '--username',
      'shelly',
      '--email',
      'shelly@example.com',
      '--role',
      'super_admin',
    ]);
    const generated = /password: (\S+)/.exec(created.stdout)?.[1];
    expect(generated).toBeDefined();
    let row = (await admins()).find((r) => r.username === 'shelly')!;
    expect(row.role).toBe('super_admin');
    expect(await hasher.verify(row.password_hash, generated!)).toBe(true);

    await db.updateTable('admins').set({ is_active: false }).where('id', '=', row.id).execute();
    const reset = await admin(['reset', '--username', 'shelly', '--activate'], {
      ADMIN_PASSWORD: 'chosen-by-operator',
    });
    expect(reset.stdout).not.toContain('chosen-by-operator');
    row = (await admins()).find((r) => r.username === 'shelly')!;
    expect(row.is_active).toBe(true);
    expect(row.token_version).toBe(2);
    expect(await hasher.verify(row.password_hash, 'chosen-by-operator')).toBe(true);
  });

  it('fails clearly on a bad command, a taken username or an unknown admin', async () => {
    await expect(admin(['delete-everything'])).rejects.toMatchObject({ code: 2 });
    await expect(admin(['create', '--username', 'shelly', '--email', 'x@example.com'])).rejects.toMatchObject(
      {
        code: 1,
        stderr: expect.stringContaining('Username already exists'),
      },
    );
    await expect(admin(['reset', '--username', 'nobody'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('Admin not found'),
    });
  });
});
