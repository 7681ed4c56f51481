/** The one merge-field resolver the letter editor's warning, print, PDF and e-mail share. */
import { describe, expect, it } from 'vitest';
import {
  emptyFieldsText,
  fillMergeFields,
  resolveMergeFields,
} from '../../src/shared/entities/merge-fields';

const values = {
  patient: { patient_title: null, patient_first_name: 'Anna', patient_last_name: 'Smith' },
  user: { user_first_name: 'Ada', user_last_name: '' },
  company: { company_name: 'Bath Herbs' },
  today: '2025-06-01',
};

describe('resolveMergeFields', () => {
  it('reports a field that resolves to nothing, with the line it leaves, and prints nothing for it', () => {
    const letter = resolveMergeFields(
      '<p>Dear {patient.title},</p><p>Yours, {user.first_name}</p>',
      values,
    );
    expect(letter.html).toBe('<p>Dear ,</p><p>Yours, Ada</p>');
    expect(letter.empty).toEqual([
      { placeholder: '{patient.title}', labels: ['Patient title'], reads: 'Dear ,' },
    ]);
    expect(emptyFieldsText(letter.empty)).toBe(
      'Patient title is empty for this patient: the letter reads “Dear ,”.',
    );
  });

  it('uses the first non-empty fallback after |, and reports nothing then', () => {
    const letter = resolveMergeFields(
      '<p>Dear {patient.title|patient.first_name} {patient.last_name},</p>',
      values,
    );
    expect(letter).toEqual({ html: '<p>Dear Anna Smith,</p>', empty: [] });
    const titled = resolveMergeFields('<p>Dear {patient.title|patient.first_name},</p>', {
      ...values,
      patient: { ...values.patient, patient_title: 'Ms' },
    });
    expect(titled.html).toBe('<p>Dear Ms,</p>');
  });

  it('reports a placeholder whose fallbacks are all empty once, naming each field', () => {
    const letter = resolveMergeFields(
      '<p>{user.last_name|patient.title} and {user.last_name|patient.title}</p>',
      values,
    );
    expect(letter.empty).toEqual([
      {
        placeholder: '{user.last_name|patient.title}',
        labels: ['Your last name', 'Patient title'],
        reads: 'and',
      },
    ]);
    expect(emptyFieldsText(letter.empty)).toBe(
      "Your last name and Patient title are empty for the letter's writer: the letter reads “and”.",
    );
  });

  it('leaves an unknown placeholder as written (a typo shows) and never reports it', () => {
    const letter = resolveMergeFields('<p>{patient.shoe_size} {patient.title|patient.shoe}</p>', {
      ...values,
      patient: { ...values.patient, patient_title: 'Mr' },
    });
    expect(letter).toEqual({ html: '<p>{patient.shoe_size} Mr</p>', empty: [] });
  });

  it('fills as fillMergeFields did for fields that have values', () => {
    expect(fillMergeFields('{today} {company.name} {patient.first_name}', values)).toBe(
      '01/06/2025 Bath Herbs Anna',
    );
  });
});
