/**
 * What each entity set does beyond the generic engine, by entity path: the one place the engine
 * (src/server/entities/) learns of the feature folders. Entity sets not named here use the
 * generic engine alone.
 */
import type { EntityPath } from '../shared/entities';
import { availabilityExceptionBehaviour, workingHourBehaviour } from './availability/behaviours';
import { categoryBehaviour } from './categories/behaviour';
import { appointmentBehaviour } from './diary/behaviour';
import type { EntityBehaviour } from './entities/behaviour';
import { groupBehaviour } from './groups/behaviour';
import { herbBehaviour } from './herbs/behaviour';
import { patientletterBehaviour } from './patientletters/behaviour';
import { patientBehaviour } from './patients/behaviour';
import { prescriptionBehaviour } from './prescriptions/behaviour';
import { userBehaviour } from './users/behaviour';
import { waitlistEntryBehaviour } from './waitlist/behaviour';

export const BEHAVIOURS: Readonly<Record<string, EntityBehaviour>> = {
  appointments: appointmentBehaviour,
  availability_exceptions: availabilityExceptionBehaviour,
  categories: categoryBehaviour,
  groups: groupBehaviour,
  herbs: herbBehaviour,
  patientletters: patientletterBehaviour,
  patients: patientBehaviour,
  prescriptions: prescriptionBehaviour,
  users: userBehaviour,
  waitlist_entries: waitlistEntryBehaviour,
  working_hours: workingHourBehaviour,
  // Keys are held to the definitions' entity paths by the type checker.
} satisfies Partial<Record<EntityPath, EntityBehaviour>>;

export const behaviourOf = (entities: string): EntityBehaviour => BEHAVIOURS[entities] ?? {};
