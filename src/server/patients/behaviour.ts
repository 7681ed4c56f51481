/**
 * Patients: beyond the generic engine, a current medication added by the name typed
 * (./medications.ts), kept even when the clinic's medicines list lacks it, and the facts of the
 * patient's alert banner (./alerts.ts), a read like `get`.
 */
import type { z } from 'zod';
import type { patients } from '../../shared/entities';
import type { EntityBehaviour } from '../entities/behaviour';
import { alertsSchema, readAlerts } from './alerts';
import { addMedicationNamed, medicationNamedSchema } from './medications';

export const patientBehaviour: EntityBehaviour<typeof patients> = {
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
