import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import type { AdminRow, Database } from '../db/database.ts';
import type { AdminsService } from '../modules/admins/admins.service.ts';
import type { AuditLogService } from '../modules/audit-log/audit-log.service.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import type { AdminGuards } from './admin-guards.ts';

/** What routes need (docs/conventions.md, Service layout): the database, the services, the guards. */
export interface ServiceContext {
  db: Kysely<Database>;
  auth: AuthService;
  admins: AdminsService;
  auditLog: AuditLogService;
  /** service-kit's guards, then the admin's current row (admin-guards.ts). */
  guards: AdminGuards;
}

declare module 'fastify' {
  interface FastifyInstance {
    accounts: ServiceContext;
  }
  interface FastifyRequest {
    /** The signed-in admin's current row, loaded by the guards. */
    currentAdmin: AdminRow | null;
  }
}

export const serviceContextPlugin = fp<ServiceContext>(
  async (app, context) => {
    app.decorateRequest('currentAdmin', null);
    app.decorate('accounts', { ...context });
  },
  { name: 'accounts-context' },
);
