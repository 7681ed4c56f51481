/**
 * `/printing/patientletters/:id`: the letter on an A4 page — letterhead with the
 * company name, the clinic's address and phone and the letter's date, the patient's name and address, the body with its merge
 * fields filled — and a Print button that print media hides. No app chrome: the printing layout.
 */
import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useParams } from 'react-router';
import { clinicContactLine } from '../../../shared/clinic-contact';
import { displayDate } from '../../../shared/entities/merge-fields';
import { parseId } from '../../app/paths';
import classes from './PatientLetterPrint.module.css';
import { usePrintableLetter } from './usePrintableLetter';

export function PatientLetterPrint() {
  const id = parseId(useParams().id);
  const { data: letter, error, isPending } = usePrintableLetter(id);

  useEffect(() => {
    if (letter) document.title = `${letter.patientletter_name} — ${letter.patient_name}`;
  }, [letter]);

  if (typeof id !== 'number' || error) {
    return (
      <div className="materia-print-page">
        <Alert color="red" title="This letter can not be printed">
          {error?.message ?? `"${String(id)}" is not a letter id.`}
        </Alert>
      </div>
    );
  }
  if (isPending) {
    return (
      <div className="materia-print-page">
        <Loader aria-label="Loading the letter" />
      </div>
    );
  }
  const contact = clinicContactLine(letter.clinic_address, letter.clinic_phone);
  return (
    <article className="materia-print-page" aria-label={letter.patientletter_name}>
      <Group justify="space-between" className="materia-no-print" mb="lg">
        <Text size="sm" c="dimmed">
          Printing preview (A4)
        </Text>
        <Button onClick={() => window.print()}>Print</Button>
      </Group>
      <header className={classes.letterhead}>
        <div>
          <h1 className={classes.company}>{letter.company_name}</h1>
          {contact && <p className={classes.contact}>{contact}</p>}
        </div>
        <p className={classes.date}>{displayDate(letter.date)}</p>
      </header>
      <address className={classes.recipient} aria-label="Patient">
        <span>{letter.patient_name}</span>
        {letter.address.map((line) => (
          <span key={line}>{line}</span>
        ))}
      </address>
      <p className={classes.subject}>{letter.patientletter_name}</p>
      {/* Sanitised by the server and again by usePrintableLetter: only the editor's markup. */}
      <div className={classes.body} dangerouslySetInnerHTML={{ __html: letter.html }} />
    </article>
  );
}
