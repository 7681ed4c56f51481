/**
 * A button that may be unusable now, with the reason why: the reason is its tooltip (on hover,
 * touch and keyboard focus) and its accessible description. Unusable with a reason, it stays
 * focusable (aria-disabled, not disabled, which would take it out of the tab order and silence
 * the tooltip) and ignores clicks; without one (a list still loading) it is simply disabled.
 */
import { Button, Tooltip, VisuallyHidden, type ButtonProps } from '@mantine/core';
import { useId, type HTMLAttributes, type ReactNode } from 'react';
import type { DisabledReason } from '../model/permissions';

type Props = ButtonProps &
  Omit<HTMLAttributes<HTMLButtonElement>, keyof ButtonProps | 'color'> & {
    /** Why the button can not be used (null: it can; '': it can not, nothing to explain). */
    disabledReason: DisabledReason;
    children: ReactNode;
  };

export function ReasonButton({ disabledReason, children, ...props }: Props) {
  const id = useId();
  if (disabledReason === null) return <Button {...props}>{children}</Button>;
  const { onClick: _ignored, onKeyDown: _alsoIgnored, ...rest } = props;
  if (disabledReason === '') {
    return (
      <Button {...rest} disabled>
        {children}
      </Button>
    );
  }
  return (
    <>
      <Tooltip
        label={disabledReason}
        multiline
        maw={300}
        events={{ hover: true, focus: true, touch: true }}
      >
        <Button
          {...rest}
          data-disabled
          aria-disabled
          aria-describedby={id}
          onClick={(event) => event.preventDefault()}
        >
          {children}
        </Button>
      </Tooltip>
      <VisuallyHidden id={id}>{disabledReason}</VisuallyHidden>
    </>
  );
}
