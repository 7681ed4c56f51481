/**
 * `/printing/prescriptions/:id`: the prescription on an A4 page under the clinic's letterhead
 * (name, address, phone), with the patient's date of birth and address and the price breakdown.
 */
import { Stack, Text, Title } from '@mantine/core';
import { Detail, PricedLines, SheetHeading } from './PrintParts';
import { PrintFrame } from './PrintFrame';
import {
  usePrescriptionPrint,
  type Clinic,
  type PrintedPrescription,
} from './usePrescriptionPrint';

export function PrescriptionPrint() {
  const { printed, failed, clinic } = usePrescriptionPrint();
  return (
    <PrintFrame
      what="Prescription (A4)"
      className="materia-print-page"
      ready={printed !== null}
      failed={failed}
    >
      {printed && <PrescriptionPage printed={printed} clinic={clinic} />}
    </PrintFrame>
  );
}

function PrescriptionPage({ printed, clinic }: { printed: PrintedPrescription; clinic: Clinic }) {
  return (
    <Stack gap="md" data-print="prescription">
      <SheetHeading what="Prescription" clinic={clinic} printed={printed} />
      <Stack gap={2}>
        <Detail label="Patient" value={printed.patient} />
        <Detail label="Date of birth" value={printed.patientDob} />
        <Detail label="Address" value={printed.patientAddress} />
        <Detail label="Practitioner" value={printed.practitioner} />
        <Detail label="Date" value={printed.date} />
        <Detail label="Form" value={printed.form} />
      </Stack>
      <PricedLines printed={printed} />
      <Stack gap={2}>
        <Title order={3} size="h5">
          Dose
        </Title>
        {printed.dose && <Text style={{ whiteSpace: 'pre-wrap' }}>{printed.dose}</Text>}
        <Detail label="Per day" value={printed.dailyDose} />
        <Detail label="Days" value={printed.days} />
      </Stack>
      {printed.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {printed.notes}
        </Text>
      )}
    </Stack>
  );
}
