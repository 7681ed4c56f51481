/** The registry of every API call the server answers. Each feature contributes its calls here. */
import { CallRegistry } from './http/calls';

export function buildRegistry(): CallRegistry {
  const registry = new CallRegistry();
  return registry;
}
