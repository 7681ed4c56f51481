import { describe, expect, it } from 'vitest';
import { environmentOf, slugCandidates, slugFromHost } from '../../src/web/session/company';
import { authRecheckDue, INITIAL_HEARTBEAT, nextHeartbeat } from '../../src/web/session/heartbeat';
import { fullName, initialsOf } from '../../src/web/session/types';

describe('company slug', () => {
  it('takes the host name first label when it can name a company', () => {
    expect(slugFromHost('greenleaf.materia.example')).toBe('greenleaf');
    expect(slugFromHost('www.materia.example')).toBeNull();
    expect(slugFromHost('materia.example')).toBeNull();
    expect(slugFromHost('localhost')).toBeNull();
    expect(slugFromHost('127.0.0.1')).toBeNull();
  });

  it('falls back to ?company=, then the stored slug, then demo', () => {
    expect(slugCandidates('127.0.0.1', '?company=acme', 'old')).toEqual(['acme', 'old', 'demo']);
    expect(slugCandidates('127.0.0.1', '', 'old')).toEqual(['old', 'demo']);
    expect(slugCandidates('127.0.0.1', '', null)).toEqual(['demo']);
    expect(slugCandidates('acme.materia.example', '?company=x', null)).toEqual([
      'acme',
      'x',
      'demo',
    ]);
    expect(slugCandidates('127.0.0.1', '?company=NOT%20A%20SLUG', null)).toEqual(['demo']);
  });

  it('knows the environment', () => {
    expect(environmentOf('clinic.materia.example', '', false)).toBe('prod');
    expect(environmentOf('clinic.beta.materia.example', '', false)).toBe('beta');
    expect(environmentOf('localhost', '', false)).toBe('dev');
    expect(environmentOf('clinic.materia.example', '?env=beta', false)).toBe('beta');
    expect(environmentOf('clinic.materia.example', '', true)).toBe('dev');
  });
});

describe('heartbeat', () => {
  it('moves the 30 s counter every third tick and the 60 s counter every sixth', () => {
    let beat = INITIAL_HEARTBEAT;
    const seen: [number, number][] = [];
    for (let i = 0; i < 12; i += 1) {
      beat = nextHeartbeat(beat);
      seen.push([beat.every30, beat.every60]);
    }
    expect(beat).toEqual({ ticks: 12, every30: 4, every60: 2 });
    expect(seen[2]).toEqual([1, 0]);
    expect(seen[5]).toEqual([2, 1]);
  });

  it('re-checks authentication 10 minutes after the last request', () => {
    expect(authRecheckDue(0, 599_999)).toBe(false);
    expect(authRecheckDue(0, 600_000)).toBe(true);
  });
});

describe('user names', () => {
  it('builds the full name and initials', () => {
    const user = { user_first_name: 'Ada', user_last_name: 'Admin', user_email: 'a@x' };
    expect(fullName(user)).toBe('Ada Admin');
    expect(initialsOf(user)).toBe('AA');
    expect(initialsOf({ user_first_name: '', user_last_name: '', user_email: 'zed@x' })).toBe('Z');
  });
});
