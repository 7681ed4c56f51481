/**
 * `/printing/prescriptions/:id/receipt`: the receipt for a dispensed prescription — the clinic,
 * the patient, each line's price and the breakdown (fees, tax) down to the total charged, the
 * same figures as the editor and the prescription page. A draft has no receipt yet.
 */
import { Stack, Text } from '@mantine/core';
import { Detail, PricedLines, SheetHeading } from './PrintParts';
import { PrintFrame } from './PrintFrame';
import { usePrescriptionPrint } from './usePrescriptionPrint';

export function PrescriptionReceipt() {
  const { printed, failed, clinic } = usePrescriptionPrint();
  return (
    <PrintFrame
      what="Receipt (A4)"
      className="materia-print-page"
      ready={printed !== null}
      failed={failed}
    >
      {printed && !printed.dispensed && (
        <Text role="alert">
          This prescription has not been dispensed yet, so it has no receipt.
        </Text>
      )}
      {printed?.dispensed && (
        <Stack gap="md" data-print="receipt">
          <SheetHeading what="Receipt" clinic={clinic} printed={printed} />
          <Stack gap={2}>
            <Detail label="Patient" value={printed.patient} />
            <Detail label="Practitioner" value={printed.practitioner} />
            <Detail label="Form" value={printed.form} />
          </Stack>
          <PricedLines printed={printed} />
          <Text size="sm">Thank you.</Text>
        </Stack>
      )}
    </PrintFrame>
  );
}
