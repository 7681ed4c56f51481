/** Confirmation dialogs titled 'Confirm' with OK / Cancel. */
import { create } from 'zustand';

interface ConfirmState {
  message: string | null;
  resolve: ((ok: boolean) => void) | null;
  ask: (message: string) => Promise<boolean>;
  answer: (ok: boolean) => void;
}

export const useConfirmState = create<ConfirmState>()((set, get) => ({
  message: null,
  resolve: null,
  ask(message) {
    get().resolve?.(false);
    return new Promise<boolean>((resolve) => set({ message, resolve }));
  },
  answer(ok) {
    get().resolve?.(ok);
    set({ message: null, resolve: null });
  },
}));

/** Asks the user; resolves true on OK, false on Cancel, Escape or closing. */
export const confirm = (message: string) => useConfirmState.getState().ask(message);
