/**
 * Start-up: find out which company this page belongs to and fetch its public settings. The
 * host name's first label counts only when the server knows it as a company;
 * `?company=`, the stored slug and the default follow.
 */
import { UNKNOWN_COMPANY_TEXT } from '../../shared/envelope';
import { call, CallError } from '../api/client';
import {
  DEFAULT_PUBLIC_SETTINGS,
  publicSettingsOf,
  type PublicSettings,
  type PublicSettingsRow,
} from '../theme/publicSettings';
import { environmentOf, slugCandidates, slugFromHost } from './company';
import { useSession } from './store';

interface CompanyStart {
  slug: string;
  settings: PublicSettings;
  /** A message for the landing page when the company is not known. */
  problem: string | null;
}

const FAILED = 'Failed to get company settings';

/** One fetch of `modules/get_public_settings`; defaults when anything goes wrong. */
export async function fetchPublicSettings(
  slug: string,
): Promise<{ settings: PublicSettings; unknown: boolean }> {
  try {
    const envelope = await call<PublicSettingsRow[]>(
      'modules/get_public_settings',
      {},
      { quiet: true, anonymous: true, companySlug: slug },
    );
    if (envelope.result && Array.isArray(envelope.data)) {
      return { settings: publicSettingsOf(envelope.data), unknown: false };
    }
    console.warn(FAILED);
    const unknown = envelope.messages.some((m) => m.text === UNKNOWN_COMPANY_TEXT);
    return { settings: DEFAULT_PUBLIC_SETTINGS, unknown };
  } catch (error) {
    if (!(error instanceof CallError)) throw error;
    console.warn(FAILED);
    return { settings: DEFAULT_PUBLIC_SETTINGS, unknown: false };
  }
}

export async function startCompany(location: Location = window.location): Promise<CompanyStart> {
  const session = useSession.getState();
  const environment = environmentOf(location.hostname, location.search, import.meta.env.DEV);
  const candidates = slugCandidates(location.hostname, location.search, session.company_slug);
  const fromHost = slugFromHost(location.hostname);
  useSession.setState({ environment });
  for (const [index, slug] of candidates.entries()) {
    const { settings, unknown } = await fetchPublicSettings(slug);
    const last = index === candidates.length - 1;
    // Only the host name's label is a guess; a company asked for by name is kept and explained.
    if (unknown && slug === fromHost && !last) continue;
    useSession.getState().setCompany(slug, environment);
    return { slug, settings, problem: unknown ? UNKNOWN_COMPANY_TEXT : null };
  }
  const slug = candidates[candidates.length - 1] ?? 'demo';
  useSession.getState().setCompany(slug, environment);
  return { slug, settings: DEFAULT_PUBLIC_SETTINGS, problem: null };
}
