/**
 * The offline copies of recently opened patients, in this device's IndexedDB (a small wrapper,
 * no library). Each copy belongs to one user of one company (`owner`) and carries when it was
 * saved; only the most recent OFFLINE_CLIENTS_MAX are kept. Every function settles, never throws:
 * without IndexedDB (private windows, old browsers) nothing is kept and nothing is listed.
 */
import type { Row } from '../../entity/model/types';

export const OFFLINE_CLIENTS_MAX = 20;

const DB_NAME = 'materia-offline';
const STORE = 'clients';

interface OfflineClient {
  /** `{owner}/{patient_id}`. */
  key: string;
  owner: string;
  id: number;
  /** ISO time of the copy. */
  saved_at: string;
  row: Row;
}

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const finished = (tx: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });

function openDb(): Promise<IDBDatabase> {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    request.result.createObjectStore(STORE, { keyPath: 'key' });
  };
  return done(request);
}

/** One operation at a time, in call order: a save started before a logout's clear lands before it. */
let queue: Promise<unknown> = Promise.resolve();

function withStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
  fallback: T,
): Promise<T> {
  const next = queue.then(() => runInStore(mode, work, fallback));
  queue = next;
  return next;
}

async function runInStore<T>(
  mode: IDBTransactionMode,
  work: (store: IDBObjectStore) => Promise<T>,
  fallback: T,
): Promise<T> {
  if (typeof indexedDB === 'undefined') return fallback;
  let db: IDBDatabase | null = null;
  try {
    db = await openDb();
    const tx = db.transaction(STORE, mode);
    const result = await work(tx.objectStore(STORE));
    await finished(tx);
    return result;
  } catch (error) {
    console.warn('Offline clients: IndexedDB unavailable', error);
    return fallback;
  } finally {
    db?.close();
  }
}

const newestFirst = (a: OfflineClient, b: OfflineClient) => b.saved_at.localeCompare(a.saved_at);

/** Saves (or refreshes) the copy and drops the owner's oldest beyond the cap. */
export function saveClient(owner: string, id: number, row: Row): Promise<void> {
  const client: OfflineClient = {
    key: `${owner}/${id}`,
    owner,
    id,
    saved_at: new Date().toISOString(),
    row,
  };
  return withStore(
    'readwrite',
    async (store) => {
      await done(store.put(client));
      const all = (await done(store.getAll())) as OfflineClient[];
      const stale = all
        .filter((c) => c.owner === owner)
        .sort(newestFirst)
        .slice(OFFLINE_CLIENTS_MAX);
      await Promise.all(stale.map((c) => done(store.delete(c.key))));
    },
    undefined,
  );
}

/** The owner's copies, most recently opened first. */
export function listClients(owner: string): Promise<OfflineClient[]> {
  return withStore(
    'readonly',
    async (store) =>
      ((await done(store.getAll())) as OfflineClient[])
        .filter((c) => c.owner === owner)
        .sort(newestFirst),
    [],
  );
}

/** Removes every copy of every user (logout: nothing of a patient outlives the session). */
export function clearClients(): Promise<void> {
  return withStore(
    'readwrite',
    async (store) => {
      await done(store.clear());
    },
    undefined,
  );
}
