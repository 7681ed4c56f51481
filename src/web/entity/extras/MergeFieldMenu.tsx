/** A menu of the merge fields (shared/entities/merge-fields.ts), put in as placeholders. */
import { Button, Menu } from '@mantine/core';
import { MERGE_FIELDS } from '../../../shared/entities/merge-fields';
import type { RichTextToolProps } from './richTextToolProps';

export function MergeFieldMenu({ insert }: RichTextToolProps) {
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="compact-sm" variant="default">
          Insert merge field
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {MERGE_FIELDS.map((field) => (
          <Menu.Item key={field.token} onClick={() => void insert(field.token)}>
            {field.label} <code>{field.token}</code>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
