import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { AccountsMessage } from '@celebstyle/contracts';
import { createDb } from '@celebstyle/db';
import { createProducerConnection } from '@celebstyle/queue';
import { AppError, loadConfig } from '@celebstyle/service-kit';
import { AccountsSettings } from './config.ts';
import type { Database } from './db/database.ts';
import { schema as ACCOUNTS_SCHEMA } from './db/migrate.ts';
import { normalizeUsername } from './modules/admins/admin-input.ts';
import { findAdminByUsername } from './modules/admins/admins.repository.ts';
import { AdminsService } from './modules/admins/admins.service.ts';
import { createPasswordHasher } from './modules/passwords/password-hasher.ts';
import { TokenVersionPublisher } from './modules/tokens/token-versions.ts';

const USAGE = `usage:
  npm run admin -w @celebstyle/accounts -- create --username NAME --email EMAIL [--role admin|super_admin] [--password-stdin]
  npm run admin -w @celebstyle/accounts -- reset --username NAME [--activate] [--password-stdin]
The password is read from standard input with --password-stdin, else from ADMIN_PASSWORD, else a
strong one is generated and printed once. It is never taken from the command line (shell history).`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    username: { type: 'string' },
    email: { type: 'string' },
    role: { type: 'string', default: 'admin' },
    'password-stdin': { type: 'boolean', default: false },
    activate: { type: 'boolean', default: false },
  },
});
const command = positionals[0];
if ((command !== 'create' && command !== 'reset') || !values.username) {
  console.error(USAGE);
  process.exit(2);
}
if (values.role !== 'admin' && values.role !== 'super_admin') {
  console.error('--role must be admin or super_admin');
  process.exit(2);
}

async function readPassword(): Promise<{ password: string; generated: boolean }> {
  if (values['password-stdin']) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    return {
      password: Buffer.concat(chunks)
        .toString('utf8')
        .replace(/\r?\n$/, ''),
      generated: false,
    };
  }
  if (process.env.ADMIN_PASSWORD) return { password: process.env.ADMIN_PASSWORD, generated: false };
  return { password: randomBytes(18).toString('base64url'), generated: true };
}

const config = loadConfig(AccountsSettings);
const db = createDb<Database>({
  connectionString: config.DATABASE_URL,
  schema: ACCOUNTS_SCHEMA,
  max: 2,
});
const redis = createProducerConnection(config.REDIS_URL);
let exitCode = 0;
try {
  const { password, generated } = await readPassword();
  const admins = new AdminsService({
    db,
    hasher: await createPasswordHasher(),
    versions: new TokenVersionPublisher(redis),
    onPublishError: () =>
      console.warn(
        'warning: Redis did not answer; the accounts service re-publishes revocations when it reaches it',
      ),
  });
  if (command === 'create') {
    const admin = await admins.create(null, {
      username: values.username,
      email: values.email,
      password,
      role: values.role,
    });
    console.log(`created ${admin.role} "${admin.username}" <${admin.email}>`);
  } else {
    const target = await findAdminByUsername(db, normalizeUsername(values.username));
    if (!target) throw new AppError(404, 'NOT_FOUND', AccountsMessage.adminNotFound);
    await admins.resetPassword(null, target.id, { newPassword: password });
    if (values.activate) await admins.activate(null, target.id);
    console.log(
      `password of "${target.username}" reset; every session of it ended${values.activate ? '; account active' : ''}`,
    );
  }
  if (generated) console.log(`password: ${password}\n(shown once: store it now)`);
} catch (error) {
  console.error(error instanceof AppError ? error.message : error);
  exitCode = 1;
} finally {
  await db.destroy();
  redis.disconnect();
}
process.exit(exitCode);
