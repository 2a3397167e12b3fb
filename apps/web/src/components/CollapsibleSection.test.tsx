import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../testing/test-utils.tsx';
import { CollapsibleSection, collapsedStorageKey, useCollapsedSections } from './CollapsibleSection.tsx';

function Sections({ userId }: { userId: number }) {
  const { isCollapsed, toggle } = useCollapsedSections(userId);
  return (
    <>
      <CollapsibleSection
        title="Grade progress"
        collapsed={isCollapsed('grade')}
        onToggle={() => toggle('grade')}
      >
        <p>grade body</p>
      </CollapsibleSection>
      <CollapsibleSection title="To-Dos" collapsed={isCollapsed('todos')} onToggle={() => toggle('todos')}>
        <p>todo body</p>
      </CollapsibleSection>
    </>
  );
}

describe('CollapsibleSection', () => {
  beforeEach(() => window.localStorage.clear());

  it('is a disclosure: the button names the section, controls its region and reports aria-expanded', () => {
    renderWithApp(<Sections userId={7} />);
    const button = screen.getByRole('button', { name: 'Grade progress' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const region = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(region).toContainElement(screen.getByText('grade body'));
    expect(region).toBeVisible();

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(region).not.toBeVisible();
    // The other section is untouched.
    expect(screen.getByText('todo body')).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem(collapsedStorageKey(7))!)).toEqual(['grade']);

    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(region).toBeVisible();
    expect(JSON.parse(window.localStorage.getItem(collapsedStorageKey(7))!)).toEqual([]);
  });

  it('remembers folded sections per user', () => {
    window.localStorage.setItem(collapsedStorageKey(7), JSON.stringify(['todos']));
    const first = renderWithApp(<Sections userId={7} />);
    expect(screen.getByRole('button', { name: 'To-Dos' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('todo body')).not.toBeVisible();
    first.unmount();

    renderWithApp(<Sections userId={8} />);
    expect(screen.getByRole('button', { name: 'To-Dos' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('ignores an unreadable stored value', () => {
    window.localStorage.setItem(collapsedStorageKey(7), '{not json');
    renderWithApp(<Sections userId={7} />);
    expect(screen.getByRole('button', { name: 'Grade progress' })).toHaveAttribute('aria-expanded', 'true');
  });
});
