import { API, type CoachFaq, FAQ_TEXTS } from '@course-coach/contracts';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { FaqPage } from './FaqPage.tsx';
import { highlightHtml } from './highlight.ts';

configure({ asyncUtilTimeout: 5000 });

const COACH = 7;
const faq: CoachFaq = {
  support_email: 'help@ccc.example',
  course: [
    { id: 1, question: 'When is the exam?', answer: '<p>In <strong>June</strong>, week 2.</p>', position: 0 },
    { id: 2, question: 'Is there a reading list?', answer: '<p>Yes, on the library page.</p>', position: 1 },
  ],
  institution: [
    { id: 9, question: 'How do I reset my password?', answer: '<p>Use the sign-in page.</p>', position: 0 },
  ],
};

function renderPage(body: CoachFaq = faq) {
  stubFetch({ [`GET ${API.coachFaq(COACH)}`]: { body } });
  renderWithApp(<FaqPage />, {
    path: `/Dashboard/Coach/${COACH}/FAQ/`,
    routePath: '/Dashboard/Coach/:coachId/FAQ/',
  });
}

const questions = () =>
  screen.queryAllByTestId('faq-entry').map((e) => within(e).getByRole('heading').textContent);

describe('FaqPage', () => {
  it('shows the course and institution lists and the support e-mail as a mailto link', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: FAQ_TEXTS.courseHeading })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: FAQ_TEXTS.institutionHeading })).toBeInTheDocument();
    expect(questions()).toEqual([
      'When is the exam?',
      'Is there a reading list?',
      'How do I reset my password?',
    ]);
    expect(screen.getByRole('link', { name: 'help@ccc.example' })).toHaveAttribute(
      'href',
      'mailto:help@ccc.example',
    );
  });

  it('searches questions and answers by every word, marking the matches', async () => {
    renderPage();
    const search = await screen.findByRole('searchbox', { name: FAQ_TEXTS.searchLabel });
    // "june" is only in an answer; the question of that entry is shown, the word marked in the answer.
    fireEvent.change(search, { target: { value: 'June' } });
    expect(questions()).toEqual(['When is the exam?']);
    expect(screen.getByTestId('faq-status')).toHaveTextContent('1 of 3 questions');
    const marks = [...document.querySelectorAll('.faq-answer mark')].map((m) => m.textContent);
    expect(marks).toEqual(['June']);
    // Two words: both must be there (question or answer); case does not matter.
    fireEvent.change(search, { target: { value: 'PASSWORD sign-in' } });
    expect(questions()).toEqual(['How do I reset my password?']);
    expect(screen.queryByRole('heading', { name: FAQ_TEXTS.courseHeading })).not.toBeInTheDocument();
    fireEvent.change(search, { target: { value: 'parking' } });
    expect(questions()).toEqual([]);
    expect(screen.getByTestId('faq-status')).toHaveTextContent('No questions match “parking”.');
  });

  it('says when there are no questions and no support address', async () => {
    renderPage({ support_email: null, course: [], institution: [] });
    expect(await screen.findByText(FAQ_TEXTS.noEntries)).toBeInTheDocument();
    expect(screen.getByText(FAQ_TEXTS.noSupport)).toBeInTheDocument();
  });
});

describe('highlightHtml', () => {
  it('marks words in text only (not in attributes), keeping the sanitised markup', () => {
    const html = '<p>Read <a href="https://x.example/read">the read-me</a></p><script>x</script>';
    expect(highlightHtml(html, ['read'])).toBe(
      '<p><mark>Read</mark> <a href="https://x.example/read">the <mark>read</mark>-me</a></p>',
    );
  });
});
