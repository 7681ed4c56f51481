/** State of the 'Application Error' dialog: the raw reply it shows. */
import { create } from 'zustand';

interface ApplicationErrorState {
  reply: unknown;
  open: boolean;
  show: (reply: unknown) => void;
  close: () => void;
}

export const useApplicationError = create<ApplicationErrorState>()((set) => ({
  reply: null,
  open: false,
  show: (reply) => set({ reply, open: true }),
  close: () => set({ open: false }),
}));

export const showApplicationError = (reply: unknown) => useApplicationError.getState().show(reply);
