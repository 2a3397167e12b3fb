import { API, MESSAGES } from '@course-coach/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { DictionaryLabelsProvider, useDictionaryLabels } from './labels.tsx';
import { COACH_ID, DICTIONARY } from './test-fixtures.ts';

const WIRING = { label: 'imd_band', value: 'unknown' };

/** A child reading the labels from the context the gate provides. */
function FromContext() {
  return <p data-testid="from-context">{useDictionaryLabels().characteristic('studied_credits')}</p>;
}

function renderGate() {
  renderWithApp(
    <DictionaryLabelsProvider coachId={COACH_ID}>
      {(dictionary) => (
        <>
          <p data-testid="from-argument">{dictionary.labels.wiring(WIRING)}</p>
          <FromContext />
        </>
      )}
    </DictionaryLabelsProvider>,
  );
}

describe('DictionaryLabelsProvider (useSettledDictionary)', () => {
  it('shows the loading state while the dictionary is pending, then the children with labels', async () => {
    let answer: (value: { body: unknown }) => void = () => {};
    const late = new Promise<{ body: unknown }>((resolve) => {
      answer = resolve;
    });
    stubFetch({ [`GET ${API.mtsDictionaryData(COACH_ID)}`]: () => late });
    renderGate();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.loading);
    expect(screen.queryByTestId('from-argument')).not.toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('imd_band');
    answer({ body: DICTIONARY });
    expect(await screen.findByTestId('from-argument')).toHaveTextContent('Deprivation band: No Answer');
    expect(screen.getByTestId('from-context')).toHaveTextContent('Credits studied');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the children with the stored names when the dictionary request fails', async () => {
    stubFetch({ [`GET ${API.mtsDictionaryData(COACH_ID)}`]: { status: 500, body: { detail: 'Boom.' } } });
    renderGate();
    expect(await screen.findByTestId('from-argument')).toHaveTextContent('imd_band: unknown');
    expect(screen.getByTestId('from-context')).toHaveTextContent('studied_credits');
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
