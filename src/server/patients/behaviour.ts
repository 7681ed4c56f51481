/**
 * Patients: beyond the generic engine, a current medication added by the name typed
 * (./medications.ts), kept even when the clinic's medicines list lacks it, and the facts of the
 * patient's alert banner (./alerts.ts), a read like `get`; a rename retitles the patient's waitlist
 * entries, whose titles carry the name (src/server/waitlist/behaviour.ts).
 */
import type { z } from 'zod';
import type { patients } from '../../shared/entities';
import type { EntityBehaviour } from '../entities/behaviour';
import { alertsSchema, readAlerts } from './alerts';
import { retitlePatientEntries } from '../waitlist/behaviour';
import { addMedicationNamed, medicationNamedSchema } from './medications';

/** The fields a patient's name is made of: waitlist entries carry it in their title. */
const NAME_FIELDS = new Set(['patient_first_name', 'patient_last_name']);

export const patientBehaviour: EntityBehaviour<typeof patients> = {
  async afterUpdate(ctx, before, _after, field) {
    if (NAME_FIELDS.has(field.name)) await retitlePatientEntries(ctx, before.patient_id);
  },
  calls: {
    add_medication_named: {
      route: 'update',
      input: medicationNamedSchema,
      handler: (ctx, input: z.output<typeof medicationNamedSchema>) =>
        addMedicationNamed(ctx, input),
    },
    get_alerts: {
      route: 'list',
      input: alertsSchema,
      handler: async (ctx, input: z.output<typeof alertsSchema>) => ({
        data: await readAlerts(ctx, input.patient_id),
      }),
    },
  },
};
