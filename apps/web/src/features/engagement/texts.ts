import { MEDIAN_MIN_STUDENTS } from '@course-coach/contracts';

/** Texts of the My engagement page (ours). */
export const ENGAGEMENT_TEXTS = {
  title: 'My engagement',
  intro:
    'Your clicks in the course’s online learning environment, week by week, beside the class median, and the kinds of material you use. Only you see this page.',
  weeklyTitle: 'Your activity by week',
  kindsTitle: 'Kinds of material you use',
  you: 'You',
  median: 'Class median',
  week: 'Week',
  days: 'Days',
  clicks: 'Your clicks',
  kind: 'Kind of material',
  share: 'Share of your clicks',
  noLog:
    'This course has no activity log yet, so there is nothing to show. Check again after the next import.',
  noClicks: 'You have no activity in this course up to today.',
  noMedian: `The class median is shown only for classes of at least ${MEDIAN_MIN_STUDENTS} students, so that it says nothing about anyone in particular.`,
  loadError: 'We couldn’t load your engagement',
  asOf: (day: number) => `As of day ${day} of the course.`,
  total: (n: number) => `${n} ${n === 1 ? 'click' : 'clicks'} in all.`,
  /** Week 0 (days 0–6) is the course's week 1; earlier weeks count back from its start. */
  weekLabel: (week: number) =>
    week < 0 ? `${-week} ${week === -1 ? 'week' : 'weeks'} before the start` : `Week ${week + 1}`,
  weekTick: (week: number) => (week < 0 ? `−${-week}` : String(week + 1)),
  daysLabel: (first: number, last: number) => `${first} to ${last}`,
} as const;
