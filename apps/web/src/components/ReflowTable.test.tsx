import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/test-utils.tsx';
import reflow from './ReflowTable.module.css';
import { type ReflowColumn, ReflowTable } from './ReflowTable.tsx';

interface Grade {
  id: number;
  title: string;
  weight: string;
  score: number | null;
}

const ROWS: Grade[] = [
  { id: 1, title: 'TMA 1', weight: '10 %', score: 78 },
  { id: 2, title: 'TMA 2', weight: '20 %', score: null },
];

const COLUMNS: ReflowColumn<Grade>[] = [
  { header: 'Assignment', cell: (g) => g.title, rowHeader: true },
  { header: 'Weight', cell: (g) => g.weight },
  { header: 'Your score', cell: (g) => (g.score === null ? 'No score' : `${g.score} / 100`) },
];

describe('ReflowTable', () => {
  it('is a real table: a header row of column headers, a row header and data cells per row', () => {
    renderWithApp(
      <ReflowTable
        aria-label="Graded assignments"
        striped
        data-testid="grades"
        rows={ROWS}
        rowKey={(g) => g.id}
        columns={COLUMNS}
      />,
    );
    const table = screen.getByRole('table', { name: 'Graded assignments' });
    expect(table).toHaveAttribute('data-testid', 'grades');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => [th.textContent, th.getAttribute('scope')]),
    ).toEqual([
      ['Assignment', 'col'],
      ['Weight', 'col'],
      ['Your score', 'col'],
    ]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const second = rows[1]!;
    const header = within(second).getByRole('rowheader');
    expect(header).toHaveTextContent('TMA 2');
    expect(header).toHaveAttribute('scope', 'row');
    expect(
      within(second)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['20 %', 'No score']);
  });

  it('labels every cell, the row header too, with its column’s header for the card layout', () => {
    renderWithApp(<ReflowTable aria-label="Graded" rows={ROWS} rowKey={(g) => g.id} columns={COLUMNS} />);
    const labels = screen
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        Array.from(tr.children).map((cell) => [cell.getAttribute('data-label'), cell.textContent]),
      );
    expect(labels).toEqual([
      [
        ['Assignment', 'TMA 1'],
        ['Weight', '10 %'],
        ['Your score', '78 / 100'],
      ],
      [
        ['Assignment', 'TMA 2'],
        ['Weight', '20 %'],
        ['Your score', 'No score'],
      ],
    ]);
  });

  it('carries the reflow class beside a caller’s class, a caption, row attributes and cell style props', () => {
    renderWithApp(
      <ReflowTable
        className="extra"
        caption="Your activity by week"
        rows={ROWS}
        rowKey={(g) => g.id}
        rowAttributes={(g) => ({
          'data-testid': `row-${g.id}`,
          'data-missing': g.score === null ? 'true' : undefined,
        })}
        columns={[{ ...COLUMNS[0]!, cellProps: (g) => ({ fw: g.id === 1 ? 700 : 400 }) }]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Your activity by week' });
    expect(table).toHaveClass('extra');
    expect(reflow.reflow).toBeTruthy();
    expect(table).toHaveClass(reflow.reflow!);
    expect(screen.getByTestId('row-1')).not.toHaveAttribute('data-missing');
    expect(screen.getByTestId('row-2')).toHaveAttribute('data-missing', 'true');
    expect(within(screen.getByTestId('row-1')).getByRole('rowheader')).toHaveStyle({ fontWeight: '700' });
    expect(within(screen.getByTestId('row-2')).getByRole('rowheader')).toHaveStyle({ fontWeight: '400' });
  });

  it('a hidden header is read, not drawn: no label above its cells in the card layout', () => {
    renderWithApp(
      <ReflowTable
        aria-label="Graded"
        rows={ROWS}
        rowKey={(g) => g.id}
        columns={[
          COLUMNS[0]!,
          {
            header: 'Actions',
            headerHidden: true,
            cell: (g) => <button type="button">Edit {g.title}</button>,
          },
        ]}
      />,
    );
    const header = screen.getAllByRole('columnheader')[1]!;
    expect(header).toHaveTextContent('Actions');
    expect(header.firstElementChild?.tagName).toBe('SPAN');
    const cell = within(screen.getAllByRole('row')[1]!).getByRole('cell');
    expect(cell).not.toHaveAttribute('data-label');
    expect(within(cell).getByRole('button', { name: 'Edit TMA 1' })).toBeInTheDocument();
  });

  it('renders a header row and an empty body when there are no rows', () => {
    renderWithApp(<ReflowTable aria-label="Empty" rows={[]} rowKey={(g: Grade) => g.id} columns={COLUMNS} />);
    const table = screen.getByRole('table', { name: 'Empty' });
    expect(within(table).getAllByRole('row')).toHaveLength(1);
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
  });
});
