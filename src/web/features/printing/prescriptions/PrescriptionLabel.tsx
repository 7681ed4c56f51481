/**
 * `/printing/prescriptions/:id/label`: a bottle or jar label (about 90 × 50 mm) with what the
 * patient needs on the container — their name, the formula, the dose, the date, each product's
 * batch and expiry once dispensing records them, the clinic's name, address and phone, and the
 * warning every medicine carries.
 */
import { Stack, Text } from '@mantine/core';
import { PrintFrame } from './PrintFrame';
import { usePrescriptionPrint } from './usePrescriptionPrint';
import { clinicContactLine } from '../../../../shared/clinic-contact';

export const CHILDREN_WARNING = 'Keep out of the reach of children';

export function PrescriptionLabel() {
  const { printed, failed, clinic } = usePrescriptionPrint();
  const formula = printed?.lines.map((l) => `${l.name} ${l.quantity}`).join(', ') ?? '';
  const dose = [printed?.dose, printed?.dailyDose && `${printed.dailyDose} per day`]
    .filter(Boolean)
    .join('; ');
  const contact = clinicContactLine(clinic.address, clinic.phone);
  return (
    <PrintFrame
      what="Label (90 × 50 mm)"
      className="materia-print-label"
      ready={printed !== null}
      failed={failed}
    >
      {printed && (
        <Stack gap={2} data-print="label">
          <Text fw={700} size="sm">
            {printed.patient}
          </Text>
          <Text size="xs">
            {printed.form} {printed.totalQuantity}: {formula}
          </Text>
          {dose && (
            <Text size="xs" fw={600}>
              {dose}
            </Text>
          )}
          {printed.batches.length > 0 && (
            <Text size="xs" data-label="batches">
              {printed.batches
                .map((b) => `${b.name}: batch ${b.batch}, exp. ${b.expiry}`)
                .join('; ')}
            </Text>
          )}
          <Text size="xs" fw={700}>
            {CHILDREN_WARNING}
          </Text>
          <Text size="xs">
            {printed.date} · {clinic.name}
          </Text>
          {contact && <Text size="xs">{contact}</Text>}
        </Stack>
      )}
    </PrintFrame>
  );
}
