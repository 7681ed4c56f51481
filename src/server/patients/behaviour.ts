/**
 * Patients: beyond the generic engine, one call — a current medication added by the name typed
 * (./medications.ts), kept even when the clinic's medicines list lacks it.
 */
import type { z } from 'zod';
import type { patients } from '../../shared/entities';
import type { EntityBehaviour } from '../entities/behaviour';
import { addMedicationNamed, medicationNamedSchema } from './medications';

export const patientBehaviour: EntityBehaviour<typeof patients> = {
  calls: {
    add_medication_named: {
      route: 'update',
      input: medicationNamedSchema,
      handler: (ctx, input: z.output<typeof medicationNamedSchema>) =>
        addMedicationNamed(ctx, input),
    },
  },
};
