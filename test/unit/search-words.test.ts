/** Search words that add no condition are dropped; what the search finds stays the same. */
import { describe, expect, it } from 'vitest';
import { searchWordForms, tooManySearchWords } from '../../src/shared/filters';

const words = (text: string) => searchWordForms(text).map((forms) => forms[0]);

describe('searchWordForms', () => {
  it('collapses repeated words, whatever their case', () => {
    expect(words(Array(66).fill('ma').join(' '))).toEqual(['ma']);
    expect(words('ma MA Ma')).toEqual(['ma']);
    expect(words('Émile Émile')).toEqual(['Émile']);
  });
  it('drops a word another word contains, keeping the order typed', () => {
    expect(words('ma mary')).toEqual(['mary']);
    expect(words('smith ma jo mary')).toEqual(['smith', 'jo', 'mary']);
  });
  it('keeps words whose lower case is not plain letters', () => {
    expect(words('ΟΣ ΟΣΑ')).toEqual(['ΟΣ', 'ΟΣΑ']);
  });
  it('drops a date word only when each form of the other holds it', () => {
    // 31/01/1941 is searched as typed and as 1941-01-31: both hold 1941, neither holds 31/01.
    expect(words('1941 31/01/1941')).toEqual(['31/01/1941']);
    expect(words('31/01 31/01/1941')).toEqual(['31/01', '31/01/1941']);
  });
  it('counts the words left against the limit', () => {
    expect(tooManySearchWords(Array(66).fill('ma').join(' '))).toBe(false);
    expect(tooManySearchWords('ma mb mc md me mf')).toBe(false);
    expect(tooManySearchWords('ma mb mc md me mf mg')).toBe(true);
  });
});
