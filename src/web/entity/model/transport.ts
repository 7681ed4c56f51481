/**
 * The entity stores' transport: the app's one API client behind the store's transport seam, and
 * the same transport telling listeners of each write (the shell's category list refreshes).
 */
import { call, CallError } from '../../api/client';
import type { MessageDisplay, Reply, Transport } from './types';

/** The app's one API client behind the store's transport seam. */
const apiTransport: Transport = async (path, payload, messages: MessageDisplay) => {
  try {
    const envelope = await call(path, payload, {
      quiet: messages === 'log',
      silent: messages === 'caller',
    });
    const first = envelope.messages.find((m) => m.type === 'e') ?? envelope.messages[0];
    const message = first?.text ?? null;
    if (!envelope.result) console.warn(`[${path}] ${message ?? 'failed'}`);
    return {
      ok: envelope.result,
      data: envelope.data,
      message,
      field: first?.field ?? null,
    } satisfies Reply;
  } catch (error) {
    // Unreachable server or a reply that is not an envelope: the client has shown it already,
    // unless the caller shows messages itself ('caller'), which then gets the words.
    const shown =
      !(error instanceof CallError) || messages !== 'caller' || error.kind !== 'network';
    const message = error instanceof CallError ? (shown ? null : error.message) : String(error);
    return { ok: false, data: null, message, field: null };
  }
};

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

/** apiTransport that tells the onEntityWrite listeners of each write that succeeded. */
export const notifyingTransport: Transport = async (path, payload, messages) => {
  const reply = await apiTransport(path, payload, messages);
  if (reply.ok && WRITE_VERBS.test(path)) {
    for (const listener of writeListeners) listener(path.split('/')[0] ?? '');
  }
  return reply;
};
