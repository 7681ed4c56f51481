/**
 * Search and paging as a caller sees them, on the path that runs them over `search_text` and the
 * list-order index: any search column, any case, wildcards taken literally, no match across two
 * columns, and pages that follow the list order exactly.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../support/test-env';
import { callerFor, type Caller, type Row } from './entities-helpers';

const env = useTestServer({ admin: true });

let c: Caller;

const PATIENTS = [
  { patient_first_name: 'Ada', patient_last_name: 'Lovelace', patient_postcode: 'BA1 1AA' },
  { patient_first_name: 'Grace', patient_last_name: 'Hopper', patient_email: 'grace@navy.example' },
  { patient_first_name: 'Alan', patient_last_name: 'Turing', patient_reference_number: 'R-100%' },
  { patient_first_name: 'Émile', patient_last_name: 'Zola', patient_postcode: 'GL5 2ZZ' },
  { patient_first_name: 'Mary', patient_last_name: 'Somerville', patient_email: 'ms@ex.example' },
];

beforeAll(async () => {
  c = callerFor(env.server, env.company, env.admin);
  for (const values of PATIENTS) {
    const reply = await c('patients/insert', values);
    expect(reply.messages).toEqual([]);
  }
  // More rows than two pages, so that paging walks past rows it does not return.
  for (let n = 0; n < 60; n += 1) {
    await c('patients/insert', { patient_first_name: `Page${n}`, patient_last_name: 'Walker' });
  }
});

const names = async (filters: Row, page = 1, limit = 50) => {
  const reply = await c<Row[]>('patients/list', { page, limit, filters });
  expect(reply.result).toBe(true);
  return reply.data.map((row) => row.patient_name as string);
};

describe('patients search', () => {
  it('finds a term in any search column, whatever its case', async () => {
    expect(await names({ search: 'LOVE' })).toEqual(['Lovelace, Ada']);
    expect(await names({ search: 'navy' })).toEqual(['Hopper, Grace']);
    expect(await names({ search: 'gl5 2' })).toEqual(['Zola, Émile']);
    expect(await names({ search: 'ÉMI' })).toEqual(['Zola, Émile']);
  });

  it('takes % and _ literally', async () => {
    expect(await names({ search: '100%' })).toEqual(['Turing, Alan']);
    expect(await names({ search: 'r_100' })).toEqual([]);
  });

  it('matches each word on its own, in any order, but no word across two columns', async () => {
    expect(await names({ search: 'ada lovelace' })).toEqual(['Lovelace, Ada']);
    expect(await names({ search: 'lovelace a' })).toEqual(['Lovelace, Ada']);
    // "Ada" then "Lovelace": the first name ends and the last name starts, but no column holds both.
    expect(await names({ search: 'adalove' })).toEqual([]);
  });

  it('matches exact and all-words searches per column', async () => {
    expect(await names({ search: '=turing' })).toEqual(['Turing, Alan']);
    expect(await names({ search: '=turin' })).toEqual([]);
    expect(await names({ search: '&lovelace ada' })).toEqual(['Lovelace, Ada']);
    expect(await names({ search: '&lovelace grace' })).toEqual([]);
  });

  it('pages a search in list order without gaps or repeats', async () => {
    const all = await names({ search: 'walker' }, 1, 100);
    expect(all).toHaveLength(60);
    const pages = [
      ...(await names({ search: 'walker' }, 1, 25)),
      ...(await names({ search: 'walker' }, 2, 25)),
      ...(await names({ search: 'walker' }, 3, 25)),
    ];
    expect(pages).toEqual(all);
  });

  it('pages the whole list with a sort the index does not hold', async () => {
    const firsts = async (page: number, limit: number) => {
      const reply = await c<Row[]>('patients/list', {
        page,
        limit,
        sort: { field: 'patient_first_name', direction: 'desc' },
      });
      return reply.data.map((row) => row.patient_name as string);
    };
    const all = await firsts(1, 100);
    expect(await firsts(2, 10)).toEqual(all.slice(10, 20));
  });
});
