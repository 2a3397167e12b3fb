import { Badge, Modal } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from './testing/test-utils.tsx';

describe('theme component defaults', () => {
  it('gives every dialog’s close button the accessible name "Close"', () => {
    renderWithApp(
      <Modal opened onClose={() => undefined} title="A dialog">
        Body
      </Modal>,
    );
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('keeps a badge as wide as its words (no ellipsis in a narrow column)', () => {
    renderWithApp(<Badge>Scheduled</Badge>);
    expect(screen.getByText('Scheduled').closest('.mantine-Badge-root')).toHaveStyle({
      minWidth: 'max-content',
    });
  });
});
