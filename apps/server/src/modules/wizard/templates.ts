import {
  ASSESSMENT_TYPE_LABELS,
  type AssessmentInfo,
  type BulletinInfo,
  type ContentCalendarItem,
  PLAYBOOK_LINK_LABELS,
} from '@course-coach/contracts';

/**
 * Content templates of the coach setup wizard (spec §9 "Required bulletins include Academic Skills,
 * described as eleven emails and bulletins"; optional bulletins Quizzes, Homework, PracticeProblems) and
 * the content calendar the wizard proposes from the earlier steps (docs/wizard.md).
 */

export interface ContentTemplate {
  key: string;
  type: 'bulletin' | 'email' | 'playbook';
  name: string;
  tooltip: string;
  /** Bulletin topic (bulletins only). */
  topic?: string;
  /** Sanitised HTML body (bulletins and emails). */
  body: string;
}

const p = (...paras: string[]) => paras.map((t) => `<p>${t}</p>`).join('');

/** Academic Skills: eleven emails and bulletins, one a week from the first week. */
export const ACADEMIC_SKILLS: ContentTemplate[] = [
  [
    'bulletin',
    'Welcome to your course coach',
    'What the coach does and how to use it.',
    p('Welcome! This coach sends you short tips through the term.', 'Check your bulletins each week.'),
  ],
  [
    'email',
    'Setting up your week',
    'A weekly routine for this course.',
    p('Block regular study time in your calendar, and keep it like an appointment.'),
  ],
  [
    'bulletin',
    'Planning your study time',
    'Spacing study sessions across the week.',
    p('Short sessions spread over the week beat one long session the night before.'),
  ],
  [
    'email',
    'Taking good notes',
    'Note-taking methods that help recall.',
    p('Write notes in your own words and review them within a day.'),
  ],
  [
    'bulletin',
    'Reading actively',
    'Questions to ask while reading.',
    p('Before you read, skim the headings; while you read, write down one question per section.'),
  ],
  [
    'email',
    'Getting help early',
    'Where to get help in this course.',
    p('Office hours and tutoring are for everyone. Go early, not only when you are stuck.'),
  ],
  [
    'bulletin',
    'Working with others',
    'Study groups that work.',
    p('Explaining a topic to a classmate is one of the best ways to learn it.'),
  ],
  [
    'email',
    'Managing stress',
    'Looking after yourself during the term.',
    p('Sleep, movement and breaks improve what you remember. Plan them too.'),
  ],
  [
    'bulletin',
    'Preparing for assessments',
    'A plan for the weeks before an assessment.',
    p('Start with practice questions, then review what you got wrong.'),
  ],
  [
    'email',
    'Learning from feedback',
    'Using marked work to improve.',
    p('Read the feedback on each piece of marked work and note one thing to change next time.'),
  ],
  [
    'bulletin',
    'Finishing the term strong',
    'Planning the last weeks of term.',
    p('List what is left, put dates on it, and start with what counts most.'),
  ],
].map(([type, name, tooltip, body], i) => ({
  key: `skills:${i + 1}`,
  type: type as 'bulletin' | 'email',
  name: name as string,
  tooltip: tooltip as string,
  topic: type === 'bulletin' ? 'Academic Skills' : undefined,
  body: body as string,
}));

const DAY = 24 * 60 * 60 * 1000;
const iso = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (isoDate: string, days: number) =>
  iso(new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY));

/** Every template that may appear on a calendar of these earlier steps, by key (playbooks included). */
export function templatesFor(
  assessment: AssessmentInfo | undefined,
  bulletins: BulletinInfo | undefined,
): Map<string, ContentTemplate> {
  const out = new Map<string, ContentTemplate>();
  for (const t of ACADEMIC_SKILLS) out.set(t.key, t);
  const type = assessment?.assessment_type ?? 'assessment';
  const names = ASSESSMENT_TYPE_LABELS[type];
  const selected = new Set(bulletins?.selected_bulletins ?? []);
  if (selected.has('Quizzes') && type !== 'quiz') {
    out.set('quizzes:1', {
      key: 'quizzes:1',
      type: 'bulletin',
      name: 'Getting ready for quizzes',
      tooltip: 'How to use quizzes to check what you know.',
      topic: 'Quizzes',
      body: p('Treat each quiz as practice: try it without notes first, then check what you missed.'),
    });
  }
  if (selected.has('Homework')) {
    out.set('homework:1', {
      key: 'homework:1',
      type: 'bulletin',
      name: 'Staying on top of homework',
      tooltip: 'Planning homework across the week.',
      topic: 'Homework',
      body: p('Start each assignment the day it is set, even for ten minutes.'),
    });
    out.set('homework:2', {
      key: 'homework:2',
      type: 'email',
      name: 'Homework check-in',
      tooltip: 'A reminder halfway through the term.',
      body: p('How is homework going? If you are behind, make a plan to catch up this week.'),
    });
  }
  (assessment?.assessments ?? []).forEach((a, i) => {
    if (selected.has('PracticeProblems')) {
      out.set(`practice:${i + 1}`, {
        key: `practice:${i + 1}`,
        type: 'bulletin',
        name: `Practice problems before ${a.name}`,
        tooltip: `Practice problems in the days before this ${names.singular}.`,
        topic: 'Practice Problems',
        body: p(`Work through practice problems before ${a.name}, and time yourself on a few.`),
      });
    }
    out.set(`playbook:${i + 1}`, {
      key: `playbook:${i + 1}`,
      type: 'playbook',
      name: `${PLAYBOOK_LINK_LABELS[a.type_characteristic]}: ${a.name}`,
      tooltip: `Planning for ${a.name} opens on this date.`,
      body: '',
    });
  });
  return out;
}

/**
 * The content calendar the wizard proposes (GET content_calendar before it was saved): Academic Skills
 * weekly from a week after `today`; Quizzes and Homework items in the first weeks; each assessment's
 * practice-problems bulletin five days and its playbook fourteen days before its date (never before
 * `today`). Dates are `yyyy-MM-dd`.
 */
export function proposeCalendar(
  assessment: AssessmentInfo | undefined,
  bulletins: BulletinInfo | undefined,
  today: string = iso(new Date()),
): ContentCalendarItem[] {
  const templates = templatesFor(assessment, bulletins);
  const notBefore = (d: string) => (d < today ? today : d);
  const dateOf = (key: string): string => {
    const [kind, n] = key.split(':') as [string, string];
    const i = Number(n);
    if (kind === 'skills') return addDays(today, 7 * i);
    if (kind === 'quizzes') return addDays(today, 10);
    if (kind === 'homework') return addDays(today, i === 1 ? 3 : 45);
    const a = assessment?.assessments[i - 1];
    if (!a) return today;
    return notBefore(addDays(a.exam_date, kind === 'practice' ? -5 : -14));
  };
  return [...templates.values()]
    .map((t) => ({ key: t.key, name: t.name, tooltip: t.tooltip, publish_date: dateOf(t.key), type: t.type }))
    .sort((a, b) => a.publish_date.localeCompare(b.publish_date) || a.key.localeCompare(b.key));
}
