import { describe, expect, it } from 'vitest';
import { passwordProblems } from '../../src/shared/password';

describe('password rules', () => {
  it('names every broken rule with its exact text', () => {
    expect(passwordProblems('')).toEqual([
      'Can not be empty',
      'Must contain at least 1 uppercase letter.',
      'Must contain at least 1 number.',
      'Must be at least 10 characters long.',
    ]);
    expect(passwordProblems('has space A1xxxxxx')).toEqual(['Can not contain a space.']);
    expect(passwordProblems('lowercase123')).toEqual(['Must contain at least 1 uppercase letter.']);
    expect(passwordProblems('Uppercaseonly')).toEqual(['Must contain at least 1 number.']);
    expect(passwordProblems('Short1')).toEqual(['Must be at least 10 characters long.']);
  });

  it('accepts a password that meets every rule', () => {
    expect(passwordProblems('Correct-Horse-9')).toEqual([]);
  });
});
