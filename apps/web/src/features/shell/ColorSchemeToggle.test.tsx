import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COLOR_SCHEME_KEY } from '../../providers.tsx';
import { renderWithApp } from '../../testing/test-utils.tsx';
import { ColorSchemeToggle, DARK_MODE_LABEL } from './ColorSchemeToggle.tsx';

describe('ColorSchemeToggle', () => {
  it('switches between light and dark, says which with aria-pressed, and stores the choice', () => {
    window.localStorage.removeItem(COLOR_SCHEME_KEY);
    renderWithApp(<ColorSchemeToggle />);
    const toggle = screen.getByRole('button', { name: DARK_MODE_LABEL });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'light');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');

    fireEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(window.localStorage.getItem(COLOR_SCHEME_KEY)).toBe('light');
  });
});
