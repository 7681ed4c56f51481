/**
 * A filter box that applies as the user types: the text is applied a short pause after the last
 * key (Enter or leaving the box applies at once), and the list's sequence makes the newest
 * request's answer win over any still on its way. A value set from elsewhere (Clear all, an
 * address) replaces the text; the value this box itself applied does not, so an answer arriving
 * while the user types on never takes their last keys away.
 */
import { useEffect, useRef, useState } from 'react';

/** The pause after the last key before a typed filter applies. */
const TYPING_DELAY_MS = 300;

/** `apply` answers false when it refused the text (not a number, …), which then stays unsent. */
export function useTypedFilter(applied: string, apply: (text: string) => boolean) {
  const [text, setText] = useState(applied);
  const sent = useRef(applied);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const latestApply = useRef(apply);
  latestApply.current = apply;
  useEffect(() => {
    if (applied === sent.current) return;
    sent.current = applied;
    setText(applied);
  }, [applied]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const now = (value: string) => {
    clearTimeout(timer.current);
    if (value.trim() === sent.current.trim()) return;
    if (latestApply.current(value)) sent.current = value.trim();
  };
  const type = (value: string) => {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => now(value), TYPING_DELAY_MS);
  };
  /** Applies the box's text, or `value`, at once (Enter, leaving the box, a clear button). */
  const applyNow = (value: string = text) => now(value);
  return { text, type, applyNow, setText };
}
