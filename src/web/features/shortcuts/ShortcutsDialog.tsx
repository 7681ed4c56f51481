/** The list of keyboard shortcuts, opened with `?`. */
import { Kbd, Modal, Stack, Table, Title } from '@mantine/core';
import { Fragment } from 'react';
import { SHORTCUT_GROUPS } from './shortcuts';

export function ShortcutsDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal opened onClose={onClose} title="Keyboard shortcuts" size="lg" centered>
      <Stack gap="md">
        {SHORTCUT_GROUPS.map((group) => (
          <section key={group.title} aria-label={group.title}>
            <Title order={3} size="h5" mb={4}>
              {group.title}
            </Title>
            <Table withRowBorders={false} verticalSpacing={4}>
              <Table.Tbody>
                {group.shortcuts.map((shortcut) => (
                  <Table.Tr key={shortcut.does}>
                    <Table.Th scope="row" fw={400} w="40%">
                      {shortcut.keys.map((key, index) => (
                        <Fragment key={`${key}-${index}`}>
                          {index > 0 && ' '}
                          <Kbd size="xs">{key}</Kbd>
                        </Fragment>
                      ))}
                    </Table.Th>
                    <Table.Td>{shortcut.does}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </section>
        ))}
      </Stack>
    </Modal>
  );
}
