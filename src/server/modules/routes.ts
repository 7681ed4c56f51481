/** Calls of this feature; see src/server/api.ts for how they are registered. */
import type { CallDefinition } from '../http/calls';

export const moduleCalls: CallDefinition[] = [];
