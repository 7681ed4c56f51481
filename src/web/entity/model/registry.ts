/**
 * The entity stores of the signed-in user: one per entity set, created on first use and kept
 * while the user stays, so that a list keeps its filters and place when the user comes back.
 */
import { entityByPath } from '../../../shared/entities';
import { call, CallError } from '../../api/client';
import { useSession } from '../../session/store';
import { notifyRowLoaded } from './rowEvents';
import { createEntityStore, type EntityStore } from './store';
import type { Loudness, Reply, Transport } from './types';

/** The app's one API client behind the store's transport seam. */
const apiTransport: Transport = async (path, payload, loudness: Loudness) => {
  try {
    const envelope = await call(path, payload, {
      quiet: loudness === 'quiet',
      silent: loudness === 'silent',
    });
    const message =
      envelope.messages.find((m) => m.type === 'e')?.text ?? envelope.messages[0]?.text;
    if (!envelope.result) console.warn(`[${path}] ${message ?? 'failed'}`);
    return { ok: envelope.result, data: envelope.data, message: message ?? null } satisfies Reply;
  } catch (error) {
    // Unreachable server or a reply that is not an envelope: the client has shown it already.
    const message = error instanceof CallError ? null : String(error);
    return { ok: false, data: null, message };
  }
};

const stores = new Map<string, EntityStore>();
let owner = '';

/** Categories are filters everywhere: changing them must refresh the shell's category list. */
type Listener = (entities: string) => void;
const writeListeners = new Set<Listener>();
export const onEntityWrite = (listener: Listener): (() => void) => {
  writeListeners.add(listener);
  return () => {
    writeListeners.delete(listener);
  };
};

const WRITE_VERBS = /\/(insert|update|delete|reorder_list|change_parent|add_|remove_|sync_)/;

const notifyingTransport: Transport = async (path, payload, loudness) => {
  const reply = await apiTransport(path, payload, loudness);
  if (reply.ok && WRITE_VERBS.test(path)) {
    for (const listener of writeListeners) listener(path.split('/')[0] ?? '');
  }
  return reply;
};

export function entityStore(entities: string): EntityStore | undefined {
  const session = useSession.getState();
  const who = `${session.company_slug ?? ''}:${session.user?.user_id ?? ''}`;
  if (who !== owner) {
    stores.clear(); // another user or company: nothing of the last one's state remains
    owner = who;
  }
  const existing = stores.get(entities);
  if (existing) return existing;
  const definition = entityByPath(entities);
  if (!definition) return undefined;
  const categoryFields = definition.fields
    .filter((f) => f.type === 'tree_select')
    .map((f) => f.name);
  const store = createEntityStore(definition, notifyingTransport, {
    insertFilterIgnore: categoryFields,
    storeOf: entityStore,
    onRowLoaded: (row) => notifyRowLoaded(entities, row),
  });
  stores.set(entities, store);
  return store;
}
