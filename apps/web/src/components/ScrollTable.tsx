import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

export interface ScrollTableProps {
  /** Width below which the table scrolls sideways (phones). */
  minWidth: number;
  /** Names the scrolling region for screen readers (usually the table's heading). */
  label: string;
  /** Optional height limit; the table then scrolls vertically too. */
  maxHeight?: number;
  children: ReactNode;
}

/**
 * A table's scroll container that keyboard users can scroll too: a focusable, labelled region
 * (WCAG 2.1.1; axe "scrollable-region-focusable"), with native scrollbars.
 */
export function ScrollTable({ minWidth, label, maxHeight, children }: ScrollTableProps) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      maxHeight={maxHeight}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      {children}
    </Table.ScrollContainer>
  );
}
