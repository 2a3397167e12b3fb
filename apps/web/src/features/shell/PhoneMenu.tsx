import { Drawer } from '@mantine/core';
import type { ReactNode } from 'react';

/** The phone menu's props. */
export interface PhoneMenuProps {
  opened: boolean;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The phone menu behind the burger (a Mantine Drawer from the right, `#phone-menu`), in its own module so
 * that the drawer loads only for a signed-in user (docs/architecture.md "Keeping the first load small"):
 * `opened` shows it, `onClose` is called on Escape, the close button or a click outside.
 */
export function PhoneMenu({ opened, onClose, children }: PhoneMenuProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="xs"
      title="Menu"
      hiddenFrom="sm"
      id="phone-menu"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      {children}
    </Drawer>
  );
}
