/**
 * `/printing/prescriptions/:id/label`: a bottle or jar label (about 90 × 50 mm) with the patient,
 * the formula, the dose, the date and the company — what the patient needs on the container.
 */
import { Stack, Text } from '@mantine/core';
import { PrintFrame } from './PrintFrame';
import { usePrescriptionPrint } from './usePrescriptionPrint';

export function PrescriptionLabel() {
  const { printed, failed, companyName } = usePrescriptionPrint();
  const formula = printed?.lines.map((l) => `${l.name} ${l.quantity}`).join(', ') ?? '';
  const dose = [printed?.dose, printed?.dailyDose && `${printed.dailyDose} per day`]
    .filter(Boolean)
    .join('; ');
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
          <Text size="xs">
            {printed.date} · {companyName}
          </Text>
        </Stack>
      )}
    </PrintFrame>
  );
}
