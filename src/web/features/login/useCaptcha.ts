/**
 * The ALTCHA proof-of-work check: the widget's code loads only when a check is needed, and its
 * challenge comes from `captcha/challenge` through the API client.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import { call, CallError } from '../../api/client';
import { withTimeout } from '../../app/lazy';

type CaptchaStatus = 'loading' | 'ready' | 'failed';

interface StateChange {
  state?: string;
  payload?: string | null;
}

export function useCaptcha(onChange: (payload: string | null) => void, resetKey: number) {
  const [status, setStatus] = useState<CaptchaStatus>('loading');
  const [challenge, setChallenge] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  useEffect(() => {
    let cancelled = false;
    setStatus('loading');
    onChangeRef.current(null);
    void (async () => {
      try {
        await withTimeout(import('altcha'));
        const envelope = await call('captcha/challenge', {}, { anonymous: true, quiet: true });
        if (cancelled) return;
        if (!envelope.result || !envelope.data) throw new Error('No challenge');
        setChallenge(envelope.data);
        setStatus('ready');
      } catch (error) {
        if (cancelled) return;
        if (!(error instanceof CallError)) console.warn('Captcha failed to load', error);
        setStatus('failed');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [resetKey, attempt]);

  /** Listens to the widget: a solved check gives its payload, anything else clears it. */
  const attach = useCallback((element: AltchaWidgetElement | null) => {
    if (!element) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<StateChange>).detail ?? {};
      onChangeRef.current(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    element.addEventListener('statechange', listener);
    return () => element.removeEventListener('statechange', listener);
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);

  /** The widget takes the challenge as JSON text (its methods exist only once it is mounted). */
  const challengeJson = challenge ? JSON.stringify(challenge) : '';
  return { status, attach, retry, challengeJson };
}
