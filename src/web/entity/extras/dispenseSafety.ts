/**
 * Dispensing with open safety warnings asks for a reason (the server refuses without one). The
 * formula editor publishes the warnings it shows (usePrescriptionSafety) here, by prescription;
 * the Dispense button asks for the reason here (DispenseReasonDialog) instead of its plain
 * confirmation when any is open, and sends it with the call.
 */
import { create } from 'zustand';
import type { SafetyWarning } from '../../../shared/prescription-safety';
import { confirm } from '../../features/confirm/confirm';

interface DispenseSafetyState {
  /** The open warnings that need a reason, by prescription id. */
  open: Readonly<Record<number, readonly SafetyWarning[]>>;
  /** The question being asked: the warnings, and where the reason (or null) goes. */
  asking: { warnings: readonly SafetyWarning[]; resolve: (reason: string | null) => void } | null;
  publish: (id: number, warnings: readonly SafetyWarning[]) => void;
  answer: (reason: string | null) => void;
}

export const useDispenseSafety = create<DispenseSafetyState>()((set, get) => ({
  open: {},
  asking: null,
  publish(id, warnings) {
    set({ open: { ...get().open, [id]: warnings } });
  },
  answer(reason) {
    get().asking?.resolve(reason);
    set({ asking: null });
  },
}));

/** The dispense call's extra payload: a reason when warnings are open, or null when cancelled. */
export async function dispensePayload(
  id: number,
  confirmText: string | undefined,
): Promise<Record<string, unknown> | null> {
  const warnings = useDispenseSafety.getState().open[id] ?? [];
  if (warnings.length === 0) {
    return confirmText && !(await confirm(confirmText)) ? null : {};
  }
  useDispenseSafety.getState().asking?.resolve(null);
  const reason = await new Promise<string | null>((resolve) =>
    useDispenseSafety.setState({ asking: { warnings, resolve } }),
  );
  return reason === null ? null : { reason };
}
