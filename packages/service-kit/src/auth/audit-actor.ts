import type { AuditActor } from '@celebstyle/contracts';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../errors.ts';

/**
 * Who made an admin write, as its audit entry names them: the admin the guard verified. Only called
 * on guarded routes, so a request without an admin is a programming error answered as 401.
 */
export function auditActorOf(request: FastifyRequest): AuditActor {
  if (!request.admin) throw unauthorized();
  return { id: request.admin.id, username: request.admin.username };
}
