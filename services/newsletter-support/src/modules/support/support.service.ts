import { SupportErrorCode, SupportLimits, SupportText, type AuditActor } from '@celebstyle/contracts';
import type {
  SupportCreateAnswer,
  SupportCreateBody,
  SupportListQuery,
  SupportRequest,
  SupportStatus,
} from '@celebstyle/contracts';
import { badRequest, conflict, notFound } from '@celebstyle/service-kit';
import type { Kysely } from 'kysely';
import type { Database, SupportRequestRow } from '../../db/database.ts';
import { publishSupportAudit, recordSupportAudit, type AuditDeps } from '../audit/support-audit.ts';
import { writeOutbox, type EmailDispatch } from '../email/email-dispatch.ts';
import {
  renderSupportConfirmation,
  renderSupportResponse,
  renderSupportTeamNotice,
} from '../email/templates/support-emails.ts';
import { decidePriority } from './priority.ts';
import { newRequestId } from './request-id.ts';
import {
  findSupportRequest,
  insertSupportRequest,
  listSupportRequests,
  storeSupportResponse,
  supportStats,
  updateSupportStatus,
} from './support.repository.ts';
import { validateSupportRequest } from './support-validation.ts';

export interface SupportDeps extends AuditDeps {
  db: Kysely<Database>;
  mail: EmailDispatch;
  now?: () => Date;
}

/** admin.md §3 Support request, as answered (an allow-list of columns). */
export function toSupportRequest(row: SupportRequestRow): SupportRequest {
  return {
    _id: row.id,
    requestId: row.request_id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    category: row.category,
    message: row.message,
    priority: row.priority,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    response:
      row.response_text !== null && row.response_sent_at !== null
        ? { text: row.response_text, sentAt: row.response_sent_at.toISOString() }
        : null,
  };
}

const honeypotAnswer = (now: Date): SupportCreateAnswer => ({
  success: true,
  message: SupportText.received,
  data: { requestId: newRequestId(now) },
});

/** storefront.md §7 POST /support: store, then a confirmation to the visitor and a notice to the team. */
export async function createSupportRequest(
  deps: SupportDeps,
  body: SupportCreateBody,
): Promise<SupportCreateAnswer> {
  const now = deps.now?.() ?? new Date();
  // A filled honeypot looks like a success to the bot; nothing is stored or sent.
  if (body.website && body.website.trim() !== '') return honeypotAnswer(now);
  const valid = validateSupportRequest(body);
  const priority = decidePriority(valid.subject, valid.message);
  const { settings } = deps.mail;

  const { row, outbox } = await deps.db.transaction().execute(async (trx) => {
    let inserted: SupportRequestRow | undefined;
    for (let attempt = 0; !inserted && attempt < 5; attempt += 1) {
      inserted = await insertSupportRequest(trx, { ...valid, request_id: newRequestId(now), priority });
    }
    if (!inserted) throw new Error('could not draw a free support request id');
    const mailInput = { ...valid, requestId: inserted.request_id, priority };
    const outbox = await writeOutbox(trx, settings, [
      {
        kind: 'support-confirmation',
        to: valid.email,
        // A visitor who answers the confirmation reaches the team.
        replyTo: settings.supportTeamEmail,
        email: renderSupportConfirmation(settings, mailInput),
      },
      {
        kind: 'support-team-notice',
        to: settings.supportTeamEmail,
        replyTo: valid.email,
        email: renderSupportTeamNotice(settings, mailInput),
      },
    ]);
    return { row: inserted, outbox };
  });
  await deps.mail.enqueue(outbox);
  return { success: true, message: SupportText.received, data: { requestId: row.request_id } };
}

export async function listRequests(deps: SupportDeps, query: SupportListQuery) {
  const filter = {
    status: query.status === 'all' ? undefined : query.status,
    priority: query.priority === 'all' ? undefined : query.priority,
    search: query.search,
  };
  const { rows, total } = await listSupportRequests(deps.db, filter, query.page, query.limit);
  return {
    success: true,
    data: rows.map(toSupportRequest),
    pagination: { page: query.page, limit: query.limit, total, pages: Math.ceil(total / query.limit) },
    message: total === 0 ? 'No support requests found.' : `${total} support request${total === 1 ? '' : 's'}`,
  };
}

export const getStats = async (deps: SupportDeps) => ({ success: true, data: await supportStats(deps.db) });

const missing = () => notFound('Support request not found');

export async function getRequest(deps: SupportDeps, id: string) {
  const row = await findSupportRequest(deps.db, id);
  if (!row) throw missing();
  return { success: true, message: 'Support request found', data: toSupportRequest(row) };
}

export async function setStatus(deps: SupportDeps, id: string, status: SupportStatus, actor: AuditActor) {
  const { row, auditIds } = await deps.db.transaction().execute(async (trx) => {
    const existing = await findSupportRequest(trx, id, true);
    if (!existing) throw missing();
    const row = await updateSupportStatus(trx, existing.id, status);
    if (!row) throw missing();
    const auditIds = await recordSupportAudit(trx, actor, {
      action: 'support-request.update',
      targetId: row.id,
      targetLabel: `${row.request_id}: ${row.subject}`,
      changes:
        existing.status === row.status
          ? []
          : [{ field: 'status', before: existing.status, after: row.status }],
    });
    return { row, auditIds };
  });
  await publishSupportAudit(deps, auditIds);
  return { success: true, message: `Status updated to ${status}`, data: toSupportRequest(row) };
}

/** admin.md §7 respond: the response is stored with its time and e-mailed to the visitor, once. */
export async function respond(deps: SupportDeps, id: string, responseText: string, actor: AuditActor) {
  const text = responseText.trim();
  // admin.md §5: the text is required and must be non-blank.
  if (text === '') throw badRequest('Please enter a response');
  if (text.length > SupportLimits.responseMax)
    throw badRequest(`Response must be at most ${SupportLimits.responseMax} characters`);
  const { settings } = deps.mail;
  const { row, outbox, auditIds } = await deps.db.transaction().execute(async (trx) => {
    const existing = await findSupportRequest(trx, id, true);
    if (!existing) throw missing();
    if (existing.response_text !== null)
      throw conflict('A response has already been sent for this request', SupportErrorCode.alreadyResponded);
    const row = await storeSupportResponse(trx, existing.id, text, actor.username);
    const auditIds = await recordSupportAudit(trx, actor, {
      action: 'support-request.respond',
      targetId: row.id,
      targetLabel: `${row.request_id}: ${row.subject}`,
      changes: [
        { field: 'responseText', before: null, after: text },
        ...(existing.status === row.status
          ? []
          : [{ field: 'status', before: existing.status, after: row.status }]),
      ],
    });
    const email = renderSupportResponse(settings, {
      requestId: row.request_id,
      name: row.name,
      subject: row.subject,
      message: row.message,
      responseText: text,
    });
    const outbox = await writeOutbox(trx, settings, [
      { kind: 'support-response', to: row.email, replyTo: settings.supportTeamEmail, email },
    ]);
    return { row, outbox, auditIds };
  });
  await deps.mail.enqueue(outbox);
  await publishSupportAudit(deps, auditIds);
  return { success: true, message: 'Response sent', data: toSupportRequest(row) };
}
