/** Letters to patients, written from snippets and printed at /printing/patientletters/{id}. */
import { defineEntity } from './define';
import { date, html, input, reference } from './fields';
import type { EmptyMergeField } from './merge-fields';

export const patientletters = defineEntity({
  entities: 'patientletters',
  base: 'patientletter',
  title: 'Patient letters',
  module: {
    description: 'Letters to patients, written from snippets and printed on the letterhead.',
    section: 'Clinic',
    position: 3,
    leftDrawer: true,
  },
  singular: 'patient letter',
  fields: [
    input('patientletter_name', { required: true, label: 'Subject' }),
    reference('patientletter_patient_id', 'patients', { required: true }),
    date('patientletter_date', {
      hint: 'Today when left empty.',
      storage: { default: 'current_date' },
    }),
    reference('patientletter_user_id', 'users', { label: 'Written by' }),
    html('patientletter_body', { label: 'Letter' }),
  ],
  relations: [
    {
      name: 'snippets',
      entities: 'snippets',
      table: 'patientletter_snippets',
      otherKey: 'snippet_id',
    },
  ],
  extras: [
    { name: 'print', type: 'button', label: 'Print', route: 'list' },
    // Downloading needs read rights; sending checks patientletters/update itself.
    { name: 'letter_mailing', type: 'slot', label: 'PDF and e-mail', route: 'list' },
    // The merge fields that print nothing for this letter's patient, under the text.
    { name: 'empty_merge_fields', type: 'slot', label: 'Empty merge fields', route: 'list' },
  ],
  tabs: [
    {
      name: 'general',
      sections: [
        {
          title: 'Letter',
          items: [
            'patientletter_name',
            'patientletter_patient_id',
            'patientletter_date',
            'patientletter_user_id',
            'print',
            'letter_mailing',
          ],
        },
        { title: 'Snippets', items: ['snippets'] },
        { title: 'Text', columns: 2, items: ['patientletter_body', 'empty_merge_fields'] },
      ],
    },
  ],
  indexes: [['patientletter_patient_id', 'patientletter_date']],
  list: {
    columns: ['patientletter_name', 'patientletter_patient_id', 'patientletter_date'],
    search: ['patientletter_name'],
    filters: ['patientletter_patient_id', 'patientletter_date', 'patientletter_user_id'],
    sortable: ['patientletter_date'],
  },
});

/** What patientletters/get_printable answers: the letter ready for the print page. */
export interface PrintableLetter {
  patientletter_id: number;
  patientletter_name: string;
  /** YYYY-MM-DD: the letter's date, today when it has none. */
  date: string;
  company_name: string;
  /** The clinic's address and phone (private settings of the product module); may be empty. */
  clinic_address: string;
  clinic_phone: string;
  patient_name: string;
  /** The patient's postal address, one line each; empty when none is known. */
  address: string[];
  /** The body with its merge fields filled in and only the editor's markup kept. */
  html: string;
  /** The merge fields that printed nothing (shared/entities/merge-fields.ts). */
  empty_fields: EmptyMergeField[];
}

/** What patientletters/check_merge_fields answers: the merge fields that would print nothing. */
export interface MergeFieldCheck {
  empty_fields: EmptyMergeField[];
}

/** The refusal of patientletters/send while merge fields are empty and not confirmed. */
export const emptyFieldsRefusalText = (names: string): string =>
  `${names} Send it with "confirm_empty_fields": true to send it as it is, or give the field a fallback, e.g. {patient.title|patient.first_name}.`;

/** One sending of a letter by e-mail (patientletters/send). */
export interface LetterSending {
  /** ISO timestamp. */
  sent_at: string;
  sent_to: string;
  /** The sender's name; empty when that user was deleted. */
  sent_by: string;
}

/** What patientletters/get_sendings answers: where a sending would go, and where it went. */
export interface LetterMailing {
  /** The patient's e-mail address; empty when the patient has none. */
  email: string;
  /** Newest first. */
  sendings: LetterSending[];
}

/** The refusal of patientletters/send, also shown by the disabled button. */
export const NO_EMAIL_TEXT =
  'This patient has no e-mail address: add one to the patient to send letters by e-mail.';
