import { AUDIENCE_API, AUDIENCE_TEXTS, type Audience } from '@course-coach/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { AudiencePanel } from './AudiencePanel.tsx';

const COACH = 4;
const audience = (excluded: number[]): Audience => ({
  rule: AUDIENCE_TEXTS.ruleWired,
  count: 2 - excluded.length,
  targeted_count: 2,
  page: 1,
  page_size: 20,
  students: [
    { id: 7, name: 'Ada Lovelace' },
    { id: 8, name: 'Alan Turing' },
  ].filter((s) => !excluded.includes(s.id)),
  excluded: excluded.map((id) => ({ id, name: id === 7 ? 'Ada Lovelace' : 'Alan Turing' })),
  saved_excluded: excluded,
  publish: { state: 'draft', at: null },
});

describe('AudiencePanel', () => {
  it('asks to save a new item first', () => {
    stubFetch({});
    renderWithApp(<AudiencePanel coachId={COACH} kind="email" itemId={null} />);
    expect(screen.getByText(AUDIENCE_TEXTS.saveFirst)).toBeInTheDocument();
  });

  it('shows the state, rule and count; Exclude saves the exclusion; Preview as shows that student’s version', async () => {
    let saved: number[] = [];
    let put: unknown = null;
    stubFetch({
      [`POST ${AUDIENCE_API.audience(COACH)}`]: () => ({ body: audience(saved) }),
      [`PUT ${AUDIENCE_API.exclusions(COACH, 'email', 5)}`]: (init) => {
        put = JSON.parse(String(init?.body));
        saved = (put as { excluded: number[] }).excluded;
        return { body: { excluded: [{ id: 7, name: 'Ada Lovelace' }] } };
      },
      [`GET ${AUDIENCE_API.preview(COACH, 'email', 5)}`]: () => ({
        body: {
          student: { id: 8, name: 'Alan Turing' },
          receives: true,
          message: AUDIENCE_TEXTS.receives('Alan Turing'),
          title: 'Hello',
          subtitle: '',
          html: '<p>Hi Alan Turing,</p>',
          recommended: null,
        },
      }),
    });
    renderWithApp(<AudiencePanel coachId={COACH} kind="email" itemId={5} />);
    expect(await screen.findByText(AUDIENCE_TEXTS.count(2))).toBeInTheDocument();
    expect(screen.getByText(AUDIENCE_TEXTS.draft)).toBeInTheDocument();
    expect(screen.getByText(AUDIENCE_TEXTS.ruleWired)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: `${AUDIENCE_TEXTS.exclude} Ada Lovelace` }));
    await waitFor(() => expect(put).toEqual({ excluded: [7] }));
    expect(await screen.findByText(AUDIENCE_TEXTS.count(1))).toBeInTheDocument();
    expect(within(screen.getByTestId('audience-excluded')).getByText('Ada Lovelace')).toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: AUDIENCE_TEXTS.previewAs }), {
      target: { value: '8' },
    });
    const preview = await screen.findByTestId('audience-preview');
    expect(within(preview).getByText(AUDIENCE_TEXTS.receives('Alan Turing'))).toBeInTheDocument();
    expect(within(preview).getByText('Hi Alan Turing,')).toBeInTheDocument();
  });

  it('counts the form’s unsaved targeting: the body carries it and the panel says it is not saved', async () => {
    const bodies: unknown[] = [];
    stubFetch({
      [`POST ${AUDIENCE_API.audience(COACH)}`]: (init) => {
        const body = JSON.parse(String(init?.body)) as { audience_cohort_id?: number };
        bodies.push(body);
        return { body: { ...audience([]), count: body.audience_cohort_id === 3 ? 1 : 2 } };
      },
    });
    function Harness() {
      const [group, setGroup] = useState<number | undefined>(undefined);
      return (
        <>
          <button type="button" onClick={() => setGroup(3)}>
            Choose group 3
          </button>
          <AudiencePanel
            coachId={COACH}
            kind="bulletin"
            itemId={5}
            draft={group === undefined ? undefined : { audience_cohort_id: group }}
          />
        </>
      );
    }
    renderWithApp(<Harness />);
    expect(await screen.findByText(AUDIENCE_TEXTS.count(2))).toBeInTheDocument();
    expect(screen.queryByText(AUDIENCE_TEXTS.unsaved)).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Choose group 3' }));
    expect(await screen.findByText(AUDIENCE_TEXTS.count(1))).toBeInTheDocument();
    expect(screen.getByText(AUDIENCE_TEXTS.unsaved)).toBeInTheDocument();
    expect(bodies.at(-1)).toMatchObject({ kind: 'bulletin', id: 5, audience_cohort_id: 3 });
  });
});
