/** Small waits of the database layer. */
export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for `work` (its failure included) at most `ms`. The timer does not keep the process alive
 * on its own: a stopping server must be able to exit as soon as the work is done.
 */
export const within = (ms: number, work: Promise<unknown>): Promise<unknown> =>
  Promise.race([
    work.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, ms).unref()),
  ]);
