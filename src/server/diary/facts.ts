/**
 * What an appointment's checks read about the rows it names, in one statement: the practitioner
 * (enabled, marked a practitioner), the room (a location of kind 'room') and the type. Another
 * company's ids are simply not found (row-level security and the company condition).
 */
import { sql } from 'kysely';
import type { CallContext } from '../http/calls';

interface TypeFacts {
  name: string;
  duration_minutes: number;
  cancel_notice_hours: number;
}

interface RoomFacts {
  name: string;
  site_id: number | null;
}

export interface Facts {
  practitioner: string | null;
  room: RoomFacts | null;
  type: TypeFacts | null;
}

interface Ids {
  practitioner_id: number | null;
  room_id: number | null;
  type_id: number | null;
}

export async function readFacts(ctx: CallContext, ids: Ids): Promise<Facts> {
  const company = ctx.caller.company.company_id;
  const result = await sql<Facts>`select
    (select u.user_name from users u where u.company_id = ${company}
       and u.user_id = ${ids.practitioner_id} and u.user_enabled = 1 and u.user_practitioner = 1
    ) as practitioner,
    (select json_build_object('name', l.location_name, 'site_id', l.location_site_id)
       from locations l where l.company_id = ${company} and l.location_id = ${ids.room_id}
       and l.location_kind = 'room') as room,
    (select json_build_object('name', t.appointment_type_name,
       'duration_minutes', t.appointment_type_duration_minutes,
       'cancel_notice_hours', t.appointment_type_cancel_notice_hours)
       from appointment_types t where t.company_id = ${company}
       and t.appointment_type_id = ${ids.type_id}) as type`.execute(ctx.trx);
  return result.rows[0] ?? { practitioner: null, room: null, type: null };
}
