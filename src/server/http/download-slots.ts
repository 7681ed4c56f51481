/**
 * A download (an export) holds its call's transaction, and so a pooled connection, for as long as
 * the client takes to read it. Unbounded, a few slow downloads could hold the whole pool and every
 * other call would wait for a connection until it answered "busy" (DESIGN.md §9). So at most a
 * quarter of the pool serves downloads; past that a download is refused at once, before anything
 * is sent, and its transaction (and connection) is given back.
 */
export const DOWNLOADS_BUSY_TEXT =
  'Too many downloads are being prepared at once. Nothing was exported; try again in a minute.';

export class DownloadSlots {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Takes a slot; false when all are in use. */
  take(): boolean {
    if (this.used >= this.limit) return false;
    this.used += 1;
    return true;
  }

  get inUse(): number {
    return this.used;
  }

  give(): void {
    this.used = Math.max(0, this.used - 1);
  }
}

export const downloadSlotsFor = (poolSize: number) =>
  new DownloadSlots(Math.max(1, Math.floor(poolSize / 4)));
