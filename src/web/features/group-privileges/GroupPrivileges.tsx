/**
 * The privileges editor of a group (slot `groups.group_privileges`): each module's
 * wildcard with its routes indented below it. Ticking the wildcard covers the routes (shown
 * ticked and disabled). Ticks are a draft, counted and marked until saved. The administrators
 * group holds every privilege, so its tree is shown fully ticked and read-only.
 */
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { ADMIN_GROUP_ID } from '../../../shared/limits';
import { grants, type AvailablePrivilege } from '../../../shared/privileges';
import type { SlotProps } from '../../entity/extras/extraViews';
import { useEntityState } from '../../entity/hooks/entityContext';
import classes from './GroupPrivileges.module.css';
import { isCovered, type Ticked } from './privilegeChoice';
import { useGroupPrivileges } from './useGroupPrivileges';
import { useLeaveGuard } from './useLeaveGuard';

const SYNC = 'groups/sync_group_privileges';
const LEAVE_TEXT = 'The privilege changes of this group are not saved. Leave without saving?';

const changesText = (count: number) =>
  count === 0 ? 'No unsaved changes.' : `${count} unsaved ${count === 1 ? 'change' : 'changes'}.`;

export function GroupPrivileges({ rowId }: SlotProps) {
  const viewer = useEntityState((s) => s.viewer);
  const adminGroup = rowId === ADMIN_GROUP_ID;
  const editable = !adminGroup && (viewer.admin || grants(viewer.privileges, SYNC));
  // As the server: someone who is not an administrator gives only what they hold themselves.
  const canGive = (privilege: string) => viewer.admin || grants(viewer.privileges, privilege);
  const editor = useGroupPrivileges(rowId);
  useLeaveGuard(editor.changed.size > 0, LEAVE_TEXT);
  if (editor.loading) return <Loader size="sm" aria-label="Loading the privileges" />;
  if (editor.failed) return <Text size="sm">The privileges could not be loaded.</Text>;
  const dirty = editor.changed.size > 0;
  return (
    <Stack gap="sm" data-slot="group_privileges">
      {adminGroup ? (
        <Alert title="Administrators hold every privilege" color="primary">
          Members of this group may do everything in every enabled module, including what is added
          later, so there is nothing to choose here. To give someone less, put them in another group
          instead.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          Ticking a module grants all of it, also privileges added to it later; its own boxes are
          then covered.
          {!editable && ' Changing them needs the Groups privilege “Change privileges”.'}
          {editable && !viewer.admin && ' You can only give privileges you hold yourself.'}
        </Text>
      )}
      {editable && (
        <Group justify="space-between" className={classes.bar}>
          <Text size="sm" role="status" fw={dirty ? 600 : undefined}>
            {changesText(editor.changed.size)}
          </Text>
          <Group gap="xs">
            <Button variant="default" size="xs" disabled={!dirty} onClick={editor.revert}>
              Undo changes
            </Button>
            <Button
              size="xs"
              disabled={!dirty}
              loading={editor.saving}
              onClick={() => void editor.save()}
            >
              Save privileges
            </Button>
          </Group>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} spacing="sm">
        {editor.modules.map((module) => (
          <ModulePrivileges
            key={module.route_id}
            module={module}
            ticked={editor.ticked}
            changed={editor.changed}
            everything={adminGroup}
            editable={editable}
            canGive={canGive}
            onToggle={editor.toggle}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

interface ModuleProps {
  module: AvailablePrivilege;
  ticked: Ticked;
  changed: ReadonlySet<string>;
  /** The administrators group: every box ticked. */
  everything: boolean;
  editable: boolean;
  canGive: (privilege: string) => boolean;
  onToggle: (privilege: string) => void;
}

function ModulePrivileges({
  module,
  ticked,
  changed,
  everything,
  editable,
  canGive,
  onToggle,
}: ModuleProps) {
  /** A box may change when it is ticked (taking away is always allowed) or may be given. */
  const changeable = (privilege: string) =>
    editable && (ticked.has(privilege) || canGive(privilege));
  const wild = everything || ticked.has(module.route_id);
  const some = module.children.some((c) => ticked.has(c.route_id));
  const mark = (privilege: string) => (changed.has(privilege) ? classes.changed : undefined);
  return (
    <Paper withBorder p="xs" role="group" aria-label={module.label} data-module={module.module_id}>
      <Checkbox
        label={module.label}
        description={wild && !everything ? 'All of it: the privileges below are covered.' : null}
        checked={wild}
        indeterminate={!wild && some}
        disabled={!changeable(module.route_id)}
        onChange={() => onToggle(module.route_id)}
        classNames={{ label: `${classes.module} ${mark(module.route_id) ?? ''}` }}
      />
      <Stack
        component="ul"
        gap={6}
        mt={6}
        className={classes.children}
        aria-label={`${module.label} privileges`}
      >
        {module.children.map((child) => {
          const covered = everything || isCovered(ticked, child.route_id);
          return (
            <li key={child.route_id}>
              <Checkbox
                size="xs"
                label={child.label}
                checked={covered || ticked.has(child.route_id)}
                disabled={covered || !changeable(child.route_id)}
                onChange={() => onToggle(child.route_id)}
                classNames={{ label: mark(child.route_id) }}
                data-privilege={child.route_id}
              />
            </li>
          );
        })}
      </Stack>
    </Paper>
  );
}
