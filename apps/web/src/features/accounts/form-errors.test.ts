import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { splitErrors } from './form-errors.ts';

describe('splitErrors', () => {
  it('puts known fields at their field and the rest in the form message', () => {
    const error = new ApiError(
      400,
      { issuer: ['Enter the issuer.'], 'role_mapping.x': ['Bad.'], non_field_errors: ['Not saved.'] },
      'Bad request',
    );
    expect(splitErrors(error, ['issuer'])).toEqual({
      byField: { issuer: 'Enter the issuer.' },
      form: ['role_mapping.x: Bad.', 'Not saved.'],
    });
  });

  it('shows a refusal’s own sentence, and nothing without an error', () => {
    expect(splitErrors(new ApiError(403, { detail: 'No.' }, 'No.'), ['role'])).toEqual({
      byField: {},
      form: ['No.'],
    });
    expect(splitErrors(null, ['role'])).toEqual({ byField: {}, form: [] });
  });
});
