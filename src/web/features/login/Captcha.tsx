import { Button, Group, Loader, Text } from '@mantine/core';
import type {} from 'altcha/types/react';
import { useCaptcha } from './useCaptcha';

interface Props {
  onChange: (payload: string | null) => void;
  /** Changing it fetches a fresh challenge (a solution is good for one request only). */
  resetKey: number;
}

export function Captcha({ onChange, resetKey }: Props) {
  const { status, attach, retry, challengeJson } = useCaptcha(onChange, resetKey);
  if (status === 'loading') {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Loading the check that you are a person…</Text>
      </Group>
    );
  }
  if (status === 'failed') {
    return (
      <Group gap="xs" role="alert">
        <Text size="sm" c="var(--materia-negative-text)">
          The check that you are a person could not be loaded.
        </Text>
        <Button size="xs" variant="default" onClick={retry}>
          Try again
        </Button>
      </Group>
    );
  }
  return (
    <altcha-widget
      ref={attach}
      challenge={challengeJson}
      data-testid="captcha"
      style={{ '--altcha-max-width': '100%' }}
    />
  );
}
