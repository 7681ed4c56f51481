/** The message log's call: what was sent about an appointment, when (privilege appointments/list). */
import { sql } from 'kysely';
import { z } from 'zod';
import { GET_MESSAGES_CALL, type AppointmentMessage } from '../../shared/diary/messages';
import { privilegeOf } from '../../shared/privileges';
import { defineCall, type CallContext, type CallDefinition } from '../http/calls';
import { notFound } from '../http/errors';
import { messagesOf } from './repository';

const getMessagesSchema = z.strictObject({
  appointment_id: z
    .number({ error: 'Must be an id (a whole number).' })
    .int('Must be an id (a whole number).')
    .positive('Must be an id.')
    .max(Number.MAX_SAFE_INTEGER),
});

async function getMessages(ctx: CallContext, appointmentId: number): Promise<AppointmentMessage[]> {
  const company = ctx.caller.company.company_id;
  // Another clinic's appointment answers exactly like one that does not exist (row-level security).
  const { rows } = await sql`select 1 from appointments
    where company_id = ${company} and appointment_id = ${appointmentId}`.execute(ctx.trx);
  if (rows.length === 0) throw notFound(`There is no appointment with id ${appointmentId}.`);
  const messages = await messagesOf(ctx.trx, company, appointmentId);
  return messages.map(({ message_key: _key, appointment_id: _appointment, ...row }) => ({
    ...row,
    due_at: row.due_at.toISOString(),
    sent_at: row.sent_at?.toISOString() ?? null,
  }));
}

export const messageCalls: CallDefinition[] = [
  defineCall({
    path: GET_MESSAGES_CALL,
    access: { privilege: privilegeOf('appointments', 'list') },
    input: getMessagesSchema,
    handler: async (ctx, input) => ({ data: await getMessages(ctx, input.appointment_id) }),
  }),
];
