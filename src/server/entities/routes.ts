/** Calls of this feature; see src/server/api.ts for how they are registered. */
import type { CallResolver } from '../http/calls';

export const entityCalls: CallResolver = () => undefined;
