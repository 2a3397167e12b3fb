import { AUDIENCE_API, AUDIENCE_TEXTS, type Audience, EMAIL_API, type Email } from '@course-coach/contracts';
import { Button } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { AudiencePanel } from '../audience/index.ts';
import { useSaveEmail } from './emails-api.ts';

const COACH = 4;
const wiring = [{ label: 'gender', value: 'F' }];

const audience = (count: number): Audience => ({
  rule: AUDIENCE_TEXTS.ruleWired,
  count,
  targeted_count: count,
  page: 1,
  page_size: 20,
  students: [],
  excluded: [],
  saved_excluded: [],
  publish: { state: 'draft', at: null },
});

const email = (characteristics: Email['characteristics']): Email => ({
  id: 5,
  coach: COACH,
  title: 'Week 3',
  subject: 'Week 3',
  state: 'draft',
  status: 'Draft',
  send_at: null,
  delivered_at: null,
  sections: [],
  characteristics,
  delivered_count: 0,
  unconfirmed_count: 0,
});

/** The e-mail editor in small: its “Who sees this” panel and a Save of new targeting. */
function Editor() {
  const save = useSaveEmail(COACH);
  return (
    <>
      <AudiencePanel coachId={COACH} kind="email" itemId={5} />
      <Button
        onClick={() =>
          save.mutate({
            id: 5,
            body: {
              title: 'Week 3',
              subject: 'Week 3',
              state: 'draft',
              sections: [],
              characteristics: wiring,
            },
          })
        }
      >
        Save
      </Button>
    </>
  );
}

describe('useSaveEmail', () => {
  it('recounts the audience panel after a save, whose saved targeting changes who gets the e-mail', async () => {
    let saved: typeof wiring = [];
    stubFetch({
      // Every student (383) until the wiring is saved; then the wired ones (149).
      [`POST ${AUDIENCE_API.audience(COACH)}`]: () => ({ body: audience(saved.length ? 149 : 383) }),
      [`PUT ${EMAIL_API.email(COACH, 5)}`]: () => {
        saved = wiring;
        return { body: email([{ id: 1, ...wiring[0]! }]) };
      },
    });
    renderWithApp(<Editor />);
    expect(await screen.findByText(AUDIENCE_TEXTS.count(383))).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(AUDIENCE_TEXTS.count(149))).toBeInTheDocument();
  });
});
