/**
 * Which company (tenant) and which environment this page belongs to — pure functions of the
 * address, so they are unit tested without a browser.
 */
import { DEFAULT_COMPANY_SLUG, RESERVED_HOST_LABELS, type Environment } from '../config';

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])?$/;
const IP_V4 = /^\d{1,3}(?:\.\d{1,3}){3}$/;

function isSlug(value: string | null | undefined): value is string {
  return typeof value === 'string' && SLUG.test(value);
}

/** The host name's first label when it can name a company (`clinic.example.com` → `clinic`). */
export function slugFromHost(hostname: string): string | null {
  const host = hostname.toLowerCase();
  if (IP_V4.test(host) || host.includes(':')) return null;
  const labels = host.split('.');
  if (labels.length < 3) return null;
  const first = labels[0] ?? '';
  if (RESERVED_HOST_LABELS.includes(first)) return null;
  return isSlug(first) ? first : null;
}

/**
 * Company slugs to try, best first: the host's first label, then `?company=`, then the one stored
 * from an earlier visit, then the server's default. Duplicates are removed.
 */
export function slugCandidates(
  hostname: string,
  search: string,
  stored: string | null | undefined,
): string[] {
  const query = new URLSearchParams(search).get('company')?.trim().toLowerCase() ?? null;
  const list = [slugFromHost(hostname), isSlug(query) ? query : null, stored, DEFAULT_COMPANY_SLUG];
  return [...new Set(list.filter(isSlug))];
}

/** prod, dev or beta from the address: `?env=` wins, then the host name. */
export function environmentOf(hostname: string, search: string, devBuild: boolean): Environment {
  const query = new URLSearchParams(search).get('env');
  if (query === 'prod' || query === 'dev' || query === 'beta') return query;
  const host = hostname.toLowerCase();
  if (host.split('.').some((label) => label === 'beta')) return 'beta';
  if (devBuild) return 'dev';
  if (host === 'localhost' || IP_V4.test(host) || host.split('.').some((l) => l === 'dev')) {
    return 'dev';
  }
  return 'prod';
}
