/** One clinic's calls hold at most their share; another clinic's calls never wait behind them. */
import { describe, expect, it } from 'vitest';
import { ClinicShare } from '../../src/server/http/clinic-share';
import { ApiError } from '../../src/server/http/errors';

/** A call that runs until `finish` is called. */
function blockedCall() {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { finish, work: () => done };
}

describe('a clinic share', () => {
  it('lets a clinic run its share, queues the rest in order, and never holds another clinic', async () => {
    const share = new ClinicShare(2, 5_000);
    const first = blockedCall();
    const second = blockedCall();
    const running = [share.hold(1, first.work), share.hold(1, second.work)];
    const order: string[] = [];
    const third = share.hold(1, () => Promise.resolve(void order.push('third')));
    const fourth = share.hold(1, () => Promise.resolve(void order.push('fourth')));
    // Another clinic runs at once, while clinic 1's extra calls wait.
    await share.hold(2, () => Promise.resolve(void order.push('other clinic')));
    expect(order).toEqual(['other clinic']);
    expect(share.runningFor(1)).toBe(2);
    first.finish();
    second.finish();
    await Promise.all([...running, third, fourth]);
    expect(order).toEqual(['other clinic', 'third', 'fourth']);
    expect(share.runningFor(1)).toBe(0);
  });

  it('answers "busy" to a call that waited longer than a call may wait for a connection', async () => {
    const share = new ClinicShare(1, 50);
    const held = blockedCall();
    const running = share.hold(1, held.work);
    const refused = share.hold(1, () => Promise.resolve('ran'));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
    await expect(refused).rejects.toMatchObject({ status: 503 });
    held.finish();
    await running;
    // The refused call left no place behind: the next one runs at once.
    expect(await share.hold(1, () => Promise.resolve('ran'))).toBe('ran');
    expect(share.runningFor(1)).toBe(0);
  });
});
