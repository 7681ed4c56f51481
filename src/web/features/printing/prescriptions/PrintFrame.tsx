/** The frame both prescription prints share: a print button on screen, the loading and failed states. */
import { Button, Group, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  what: string;
  className: string;
  ready: boolean;
  failed: boolean;
  children: ReactNode;
}

export function PrintFrame({ what, className, ready, failed, children }: Props) {
  return (
    <div className={className}>
      <Group justify="space-between" className="materia-no-print" mb="md">
        <Text size="sm">{what}</Text>
        <Button onClick={() => window.print()} disabled={!ready}>
          Print
        </Button>
      </Group>
      {failed ? (
        <Text role="alert">This prescription could not be found.</Text>
      ) : ready ? (
        children
      ) : (
        <Loader size="sm" aria-label="Loading the prescription" />
      )}
    </div>
  );
}
