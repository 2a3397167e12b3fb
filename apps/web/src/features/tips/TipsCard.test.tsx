import { API, TIP_TEXTS, type Tip } from '@course-coach/contracts';
import { configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { TIP_UI, TipsCard } from './TipsCard.tsx';

// The machine running the suite may be busy (lazy chunks, shared CPUs): wait up to 5 s for the UI.
configure({ asyncUtilTimeout: 5000 });

// Embla (Mantine Carousel) watches slides with IntersectionObserver, which jsdom lacks.
class IntersectionObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
  takeRecords(): [] {
    return [];
  }
}
if (!('IntersectionObserver' in window)) {
  Object.defineProperty(window, 'IntersectionObserver', {
    configurable: true,
    writable: true,
    value: IntersectionObserverStub,
  });
}

const COACH = 4;
const TIPS = `GET ${API.tips(COACH)}`;
const long = `<p>${'Study a little every day. '.repeat(12)}</p>`;
const tips: Tip[] = [
  { id: 1, html: '<p>Plan your <strong>week</strong>.</p>', position: 0 },
  { id: 2, html: long, position: 1 },
  { id: 3, html: '<h3>Sleep</h3><p>Rest well.</p>', position: 2 },
];

const activePreview = () =>
  within(screen.getAllByTestId('tip-slide').find((s) => s.hasAttribute('data-active'))!).getByTestId(
    'tip-preview',
  );

describe('TipsCard', () => {
  it('has no Previous on the first card and no Next on the last, stepping through every tip', async () => {
    stubFetch({ [TIPS]: { body: { content: tips } } });
    renderWithApp(<TipsCard coachId={COACH} />);
    expect(await screen.findByTestId('tip-position')).toHaveTextContent(TIP_UI.tipOf(1, 3));
    expect(screen.getAllByText(TIP_TEXTS.advice).length).toBeGreaterThan(0);
    expect(activePreview()).toHaveTextContent('Plan your week.');
    expect(activePreview().querySelector('strong')).toHaveTextContent('week');
    expect(screen.queryByRole('button', { name: TIP_TEXTS.previous })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: TIP_TEXTS.next }));
    expect(screen.getByTestId('tip-position')).toHaveTextContent(TIP_UI.tipOf(2, 3));
    expect(screen.getByRole('button', { name: TIP_TEXTS.previous })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: TIP_TEXTS.next })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: TIP_TEXTS.next }));
    expect(screen.getByTestId('tip-position')).toHaveTextContent(TIP_UI.tipOf(3, 3));
    // The preview keeps the tip's formatting (the heading and the paragraph).
    expect(activePreview().querySelector('h3')).toHaveTextContent('Sleep');
    expect(activePreview().querySelector('p')).toHaveTextContent('Rest well.');
    expect(screen.queryByRole('button', { name: TIP_TEXTS.next })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: TIP_TEXTS.previous }));
    fireEvent.click(screen.getByRole('button', { name: TIP_TEXTS.previous }));
    expect(screen.getByTestId('tip-position')).toHaveTextContent(TIP_UI.tipOf(1, 3));
    expect(screen.queryByRole('button', { name: TIP_TEXTS.previous })).not.toBeInTheDocument();
  });

  it('a single tip shows neither Previous nor Next', async () => {
    stubFetch({ [TIPS]: { body: { content: [tips[0]] } } });
    renderWithApp(<TipsCard coachId={COACH} />);
    expect(await screen.findByTestId('tip-position')).toHaveTextContent(TIP_UI.tipOf(1, 1));
    expect(screen.queryByRole('button', { name: TIP_TEXTS.previous })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TIP_TEXTS.next })).not.toBeInTheDocument();
  });

  it('cuts the preview at 200 characters with an ellipsis and opens the whole tip in a modal', async () => {
    stubFetch({ [TIPS]: { body: { content: tips } } });
    renderWithApp(<TipsCard coachId={COACH} />);
    fireEvent.click(await screen.findByRole('button', { name: TIP_TEXTS.next }));
    const preview = activePreview().textContent ?? '';
    const text = 'Study a little every day. '.repeat(12).trim();
    expect(preview).toBe(`${text.slice(0, 200).trimEnd()}…`);
    const slide = screen.getAllByTestId('tip-slide').find((s) => s.hasAttribute('data-active'))!;
    fireEvent.click(within(slide).getByRole('button', { name: TIP_UI.readMore }));
    const dialog = await screen.findByRole('dialog', { name: TIP_TEXTS.cardTitle });
    expect(within(dialog).getByTestId('tip-full')).toHaveTextContent(text);
  });

  it('shows the spec’s empty text without tips', async () => {
    stubFetch({ [TIPS]: { body: { content: [] } } });
    renderWithApp(<TipsCard coachId={COACH} />);
    expect(await screen.findByText(TIP_TEXTS.empty)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TIP_TEXTS.next })).not.toBeInTheDocument();
  });
});
