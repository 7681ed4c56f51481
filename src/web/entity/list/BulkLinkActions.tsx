/** Select mode's "Add to…" and "Remove from…" (a relation of the selected rows), and their dialog. */
import { FocusReturn } from '../../app/FocusReturn';
import { BulkLinkDialog } from './BulkLinkDialog';
import { ReasonButton } from './ReasonButton';
import { useBulkLink } from './useBulkLink';

export function BulkLinkActions() {
  const link = useBulkLink();
  if (link.relations.length === 0) return null;
  return (
    <>
      <ReasonButton
        size="xs"
        variant="default"
        blocked={link.blocked}
        onClick={() => link.open('add')}
      >
        Add to…
      </ReasonButton>
      <ReasonButton
        size="xs"
        variant="default"
        blocked={link.blocked}
        onClick={() => link.open('remove')}
      >
        Remove from…
      </ReasonButton>
      {link.change && (
        <FocusReturn>
          <BulkLinkDialog link={link} />
        </FocusReturn>
      )}
    </>
  );
}
