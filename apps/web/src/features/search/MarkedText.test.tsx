import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MarkedText } from './MarkedText.tsx';

describe('MarkedText', () => {
  it('marks the given ranges and escapes everything else', () => {
    const { container } = render(
      <MarkedText
        value={{
          text: 'Run <b>fast</b> & run',
          matches: [
            [0, 3],
            [18, 21],
          ],
        }}
      />,
    );
    expect(container.innerHTML).toBe('<mark>Run</mark> &lt;b&gt;fast&lt;/b&gt; &amp; <mark>run</mark>');
  });

  it('ignores ranges that overlap or run past the text', () => {
    const { container } = render(
      <MarkedText
        value={{
          text: 'abcdef',
          matches: [
            [0, 2],
            [1, 3],
            [4, 9],
          ],
        }}
      />,
    );
    expect(container.innerHTML).toBe('<mark>ab</mark>cdef');
  });
});
