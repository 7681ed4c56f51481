/**
 * Start-up of a returning user (a stored login) opening an address behind the login. Left to
 * itself each part asks for what it needs only once the part before it has rendered: the
 * company's public settings, then the shell's code, then its data, then the screen's code, then
 * the user's list preferences, then the list — one round trip after the other. Here everything
 * that does not depend on something else is asked for at once: the shell's data and the
 * screen's list (after the list preferences, which give its page size); the code, this file's
 * included, was asked for by the entry (routeModules.loadCodeFor). The parts read the same
 * queries and stores when they render.
 */
import { identityOf, prefetchShellData } from '../session/shellQueries';
import { listScreenOf } from './paths';
import { queryClient } from './queryClient';

export async function warmStart({
  pathname,
  search,
}: Pick<Location, 'pathname' | 'search'>): Promise<void> {
  const identity = identityOf();
  if (identity.userId === null) return;
  const entities = listScreenOf(pathname); // its code is on its way (routeModules.loadCodeFor)
  // Filters in the address replace the list's own before its first load: the screen does that.
  // The screen's list preferences reach the server before the shell's data: the list waits for
  // them, and one server answers in turn (5,000 categories for the shell take a while).
  if (entities && search === '') {
    await import('../entity/model/warmList')
      .then(({ warmList }) => warmList(queryClient, identity, entities))
      .catch(() => false); // the screen then loads its list itself
  }
  prefetchShellData(queryClient, identity);
}
