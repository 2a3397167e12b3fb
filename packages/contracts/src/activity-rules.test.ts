import { describe, expect, it } from 'vitest';
import { type BulletinAnalytics, bulletinCardView, playbookTicks, pluralLabel } from './analytics.ts';
import { gradeBandIndex, ordinal } from './charts.ts';
import { creditStatusLabel } from './history.ts';

const empty: BulletinAnalytics = {
  read_messages_count: 0,
  read_messages_percentage: 0,
  unread_messages_count: 0,
  total_messages_count: 0,
  total_message_topics_count: 0,
  message_topics: [],
  message_without_topic: 0,
  messages_without_topic_read_percentage: 0,
  messages_without_topic_unread_percentage: 0,
  content_label: 'Bulletins',
};
const topic = (name: string, n: number) => ({
  topic_name: name,
  num_messages: n,
  read_percentage: 0,
  unread_percentage: 100,
});

describe('spec §4 and §9 rules', () => {
  it('plural labels add an s unless the total is 1', () => {
    expect(pluralLabel('Bulletin', 0)).toBe('Bulletins');
    expect(pluralLabel('Bulletin', 1)).toBe('Bulletin');
    expect(pluralLabel('Bulletin', 2)).toBe('Bulletins');
  });

  it('bulletin card: shown above 0, breakdown with >1 topic and >1 message, graph with ≥1 topic', () => {
    expect(bulletinCardView(empty).visible).toBe(false);
    const one = bulletinCardView({
      ...empty,
      total_messages_count: 3,
      total_message_topics_count: 1,
      message_topics: [topic('A', 3)],
    });
    expect(one).toMatchObject({ visible: true, showBreakdown: false, showTopicGraph: true });
    const two = bulletinCardView({
      ...empty,
      total_messages_count: 3,
      total_message_topics_count: 2,
      message_topics: [topic('A', 2), topic('B', 1)],
    });
    expect(two).toMatchObject({ showBreakdown: true, showTopicGraph: true });
    // Two topics but only one message cannot happen with real data; the rule still needs both.
    expect(
      bulletinCardView({ ...empty, total_messages_count: 1, total_message_topics_count: 2 }).showBreakdown,
    ).toBe(false);
    const general = bulletinCardView({ ...empty, total_messages_count: 2, message_without_topic: 2 });
    expect(general).toMatchObject({ visible: true, showBreakdown: false, showTopicGraph: false });
    expect(general.categories.map((c) => c.label)).toEqual(['General Bulletins']);
  });

  it('playbook ticks: remaining_date + 1, every other label hidden over 14 ticks', () => {
    expect(playbookTicks(0)).toEqual([{ day: 0, labelHidden: false }]);
    expect(playbookTicks(13).filter((t) => t.labelHidden)).toHaveLength(0);
    const fifteen = playbookTicks(14);
    expect(fifteen).toHaveLength(15);
    expect(fifteen.filter((t) => t.labelHidden).map((t) => t.day)).toEqual([1, 3, 5, 7, 9, 11, 13]);
  });

  it('credit status: fail is missed, success received, anything else pending', () => {
    expect(creditStatusLabel('fail')).toBe('Missed');
    expect(creditStatusLabel('success')).toBe('Received');
    expect(creditStatusLabel('pending')).toBe('Pending');
    expect(creditStatusLabel('other')).toBe('Pending');
  });

  it('grade bands and ordinals', () => {
    expect([0, 9.99, 10, 55.5, 99.99, 100].map(gradeBandIndex)).toEqual([0, 0, 1, 5, 9, 9]);
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 74, 100].map(ordinal)).toEqual([
      '1st',
      '2nd',
      '3rd',
      '4th',
      '11th',
      '12th',
      '13th',
      '21st',
      '22nd',
      '23rd',
      '74th',
      '100th',
    ]);
  });
});
