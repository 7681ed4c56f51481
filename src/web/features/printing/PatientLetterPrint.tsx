/** `/printing/patientletters/:id` — the letter's printed content is a later issue (SPEC §2.7). */
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useParams } from 'react-router';
import { parseId } from '../../app/paths';
import { useCompanySettings } from '../../theme/useCompanySettings';

export function PatientLetterPrint() {
  const id = parseId(useParams().id);
  const { companyName } = useCompanySettings();
  return (
    <div className="materia-print-page">
      <Stack gap="md">
        <Group justify="space-between" className="materia-no-print">
          <Text size="sm">Printing preview (A4)</Text>
          <Button onClick={() => window.print()}>Print</Button>
        </Group>
        <Title order={1} size="h3">
          {companyName || 'Materia'}
        </Title>
        <Text>Patient letter {String(id)}</Text>
      </Stack>
    </div>
  );
}
