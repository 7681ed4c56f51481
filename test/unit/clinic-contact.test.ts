import { describe, expect, it } from 'vitest';
import { clinicContactLine } from '../../src/shared/clinic-contact';

describe('the clinic contact line of printed things', () => {
  it('joins a multi-line address with commas, then the phone', () => {
    expect(clinicContactLine('1 High Street\nWells BA5 2AA\n', ' 01749 123456 ')).toBe(
      '1 High Street, Wells BA5 2AA · Phone 01749 123456',
    );
  });

  it('leaves out an empty part', () => {
    expect(clinicContactLine('', '01749 123456')).toBe('Phone 01749 123456');
    expect(clinicContactLine('Wells', '')).toBe('Wells');
    expect(clinicContactLine(' \n ', ' ')).toBe('');
  });
});
