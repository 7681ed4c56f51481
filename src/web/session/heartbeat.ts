/** Heartbeat counters: a tick every 10 s, and counters that move every 30 s and 60 s. */
import { AUTH_RECHECK_MS, HEARTBEAT_MS } from '../../shared/limits';

export interface HeartbeatCounters {
  ticks: number;
  every30: number;
  every60: number;
}

export const INITIAL_HEARTBEAT: HeartbeatCounters = { ticks: 0, every30: 0, every60: 0 };

const per30 = 30_000 / HEARTBEAT_MS;
const per60 = 60_000 / HEARTBEAT_MS;

export function nextHeartbeat(current: HeartbeatCounters): HeartbeatCounters {
  const ticks = current.ticks + 1;
  return {
    ticks,
    every30: ticks % per30 === 0 ? current.every30 + 1 : current.every30,
    every60: ticks % per60 === 0 ? current.every60 + 1 : current.every60,
  };
}

/** True when authentication should be checked again: 10 minutes after the last request. */
export function authRecheckDue(lastRequestAt: number, now: number): boolean {
  return now - lastRequestAt >= AUTH_RECHECK_MS;
}
