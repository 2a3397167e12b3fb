import { ActionIcon, Card, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { type ReactNode, useCallback, useId, useState } from 'react';

/** localStorage key of a user's folded dashboard sections (a JSON list of section keys). */
export const collapsedStorageKey = (userId: number) => `course-coach:collapsed-sections:${userId}`;

function readCollapsed(userId: number): string[] {
  try {
    const raw = window.localStorage.getItem(collapsedStorageKey(userId));
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? parsed.filter((k): k is string => typeof k === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * The sections a user has folded on their dashboard, remembered per user in localStorage (a browser that
 * blocks storage simply forgets). Returns whether `key` is folded and a toggle for it.
 */
export function useCollapsedSections(userId: number) {
  const [collapsed, setCollapsed] = useState<string[]>(() => readCollapsed(userId));
  const toggle = useCallback(
    (key: string) => {
      setCollapsed((prev) => {
        const next = prev.includes(key) ? prev.filter((k) => k !== key) : [...prev, key];
        try {
          window.localStorage.setItem(collapsedStorageKey(userId), JSON.stringify(next));
        } catch {}
        return next;
      });
    },
    [userId],
  );
  return { isCollapsed: (key: string) => collapsed.includes(key), toggle };
}

export interface CollapsibleSectionProps {
  /** The section's name: the disclosure button's accessible name and the folded card's title. */
  title: string;
  collapsed: boolean;
  onToggle: () => void;
  /** The card the section shows when open (it has its own heading). */
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A dashboard section that folds (WAI-ARIA disclosure pattern): a button named after the section with
 * `aria-expanded` and `aria-controls`, in the card's top right corner; folded, only a slim card with the
 * section's title stays. The button is the same element in both states, so keyboard focus stays on it.
 */
export function CollapsibleSection({
  title,
  collapsed,
  onToggle,
  children,
  ...rest
}: CollapsibleSectionProps) {
  const regionId = useId();
  const Icon = collapsed ? IconChevronDown : IconChevronUp;
  return (
    <div
      style={{ position: 'relative' }}
      data-testid={rest['data-testid']}
      data-collapsed={collapsed || undefined}
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        aria-label={title}
        aria-expanded={!collapsed}
        aria-controls={regionId}
        title={collapsed ? `Show ${title}` : `Hide ${title}`}
        onClick={onToggle}
        data-testid="section-toggle"
        style={{
          position: 'absolute',
          top: 'var(--mantine-spacing-xs)',
          right: 'var(--mantine-spacing-xs)',
          zIndex: 1,
        }}
      >
        <Icon size={20} stroke={2} aria-hidden="true" />
      </ActionIcon>
      {collapsed && (
        <Card withBorder radius="md" padding="sm" pr={48} aria-hidden="true">
          <Text fw={700}>{title}</Text>
        </Card>
      )}
      <div id={regionId} hidden={collapsed}>
        {children}
      </div>
    </div>
  );
}
