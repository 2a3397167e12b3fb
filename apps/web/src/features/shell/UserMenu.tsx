import { ACCOUNT_PAGES } from '@course-coach/contracts';
import { Menu, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

export interface UserMenuProps {
  name: string;
  email: string;
  className?: string;
  /** Label of the item that ends every session of the user. */
  signOutEverywhereLabel: string;
  onSignOutEverywhere: () => void;
  signingOut: boolean;
}

/**
 * The header's account menu on wide screens: the user's name opens Account and "Sign out everywhere".
 * Its own module so that the menu (Mantine Menu, floating-ui) loads only for a signed-in user
 * (docs/architecture.md "Keeping the first load small").
 */
export function UserMenu({
  name,
  email,
  className,
  signOutEverywhereLabel,
  onSignOutEverywhere,
  signingOut,
}: UserMenuProps) {
  return (
    // No initial-focus placeholder: it is a focusable `presentation` div inside role="menu",
    // which axe reports (aria-required-children); focus goes to the first item instead.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton
          className={className}
          data-testid="user-name"
          fz="sm"
          fw={500}
          title={`Signed in as ${email}`}
        >
          {name}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={ACCOUNT_PAGES.account}>
          Account
        </Menu.Item>
        <Menu.Item onClick={onSignOutEverywhere} disabled={signingOut}>
          {signOutEverywhereLabel}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
