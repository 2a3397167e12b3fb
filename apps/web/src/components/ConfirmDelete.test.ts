import { describe, expect, it } from 'vitest';
import { deleteQuestion } from './ConfirmDelete.tsx';

describe('deleteQuestion (docs/trash.md)', () => {
  it('names what goes and how many things with it', () => {
    expect(deleteQuestion('the to-do list', 'Week 3', [[4, 'item', 'items']])).toBe(
      'Delete the to-do list “Week 3” and its 4 items?',
    );
    expect(deleteQuestion('the bulletin', 'Exam tips', [[1, 'page', 'pages']])).toBe(
      'Delete the bulletin “Exam tips” and its 1 page?',
    );
  });

  it('leaves out what has none', () => {
    expect(deleteQuestion('the tag', 'Reading')).toBe('Delete the tag “Reading”?');
    expect(deleteQuestion('the to-do list', 'Empty', [[0, 'item', 'items']])).toBe(
      'Delete the to-do list “Empty”?',
    );
  });
});
