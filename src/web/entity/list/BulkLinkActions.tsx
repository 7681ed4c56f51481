/** Select mode's "Add to…" and "Remove from…" (a relation of the selected rows), and their dialog. */
import { BULK_LINK_CHANGES } from '../../../shared/bulk';
import { FocusReturn } from '../../app/FocusReturn';
import { BULK_LINK_ACTIONS, BulkLinkDialog } from './BulkLinkDialog';
import { ReasonButton } from './ReasonButton';
import { useBulkLink } from './useBulkLink';

export function BulkLinkActions() {
  const link = useBulkLink();
  if (link.relations.length === 0) return null;
  return (
    <>
      {BULK_LINK_CHANGES.map((change) => (
        <ReasonButton
          key={change}
          size="xs"
          variant="default"
          disabledReason={link.blocked}
          onClick={() => link.open(change)}
        >
          {BULK_LINK_ACTIONS[change]}
        </ReasonButton>
      ))}
      {link.change && (
        <FocusReturn>
          <BulkLinkDialog link={link} />
        </FocusReturn>
      )}
    </>
  );
}
