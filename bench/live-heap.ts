/**
 * The live heap of a server process, seen through its inspector (started with
 * `--inspect=127.0.0.1:0`): a full garbage collection, then the heap's used size. That is what
 * the process holds, where its resident size also counts garbage V8 has not yet collected —
 * whose saw-tooth follows V8's heap limits, not what the process is doing.
 */

/** The DevTools protocol address the process printed at start-up. */
export function inspectorUrlOf(output: string): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(output)?.[1];
  if (!url) throw new Error(`the server printed no inspector address:\n${output}`);
  return url;
}

export interface LiveHeap {
  /** Collects garbage, then returns the heap in use, in MB. */
  measure(): Promise<number>;
  close(): void;
}

export async function liveHeapOf(inspectorUrl: string): Promise<LiveHeap> {
  const socket = new WebSocket(inspectorUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve(), { once: true });
    socket.addEventListener('error', () => reject(new Error('no inspector connection')), {
      once: true,
    });
  });
  let nextId = 0;
  const waiting = new Map<number, { resolve(result: unknown): void; reject(error: Error): void }>();
  socket.addEventListener('message', (event) => {
    const message = JSON.parse(String(event.data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    if (message.id === undefined) return; // an event, not an answer
    const caller = waiting.get(message.id);
    waiting.delete(message.id);
    if (!caller) return;
    if (message.error) caller.reject(new Error(`inspector: ${message.error.message}`));
    else caller.resolve(message.result);
  });
  const call = <T>(method: string) =>
    new Promise<T>((resolve, reject) => {
      nextId += 1;
      waiting.set(nextId, { resolve: (result) => resolve(result as T), reject });
      socket.send(JSON.stringify({ id: nextId, method }));
    });
  return {
    async measure() {
      await call('HeapProfiler.collectGarbage');
      const { usedSize } = await call<{ usedSize: number }>('Runtime.getHeapUsage');
      return usedSize / 2 ** 20;
    },
    close: () => socket.close(),
  };
}
