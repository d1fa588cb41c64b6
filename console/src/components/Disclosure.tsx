import { UnstyledButton } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';

/**
 * A link-styled button that shows and hides the panel under it (aria-expanded / aria-controls). Content
 * given as a function is rendered only while the panel is shown (a large table costs nothing closed).
 */
export function Disclosure({
  showLabel,
  hideLabel,
  children,
}: {
  showLabel: string;
  hideLabel: string;
  children: ReactNode | (() => ReactNode);
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <UnstyledButton
        onClick={() => setOpen((shown) => !shown)}
        aria-expanded={open}
        aria-controls={panelId}
        fz="sm"
        c="blue.9"
        style={{ alignSelf: 'flex-start', textDecoration: 'underline' }}
      >
        {open ? hideLabel : showLabel}
      </UnstyledButton>
      <div id={panelId} hidden={!open}>
        {typeof children === 'function' ? open && children() : children}
      </div>
    </>
  );
}
