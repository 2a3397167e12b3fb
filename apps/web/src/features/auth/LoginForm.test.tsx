import { API, type Me, UI_TEXTS } from '@course-coach/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp, stubFetch } from '../../testing/test-utils.tsx';
import { LoginForm } from './LoginForm.tsx';

const LOGIN = `POST ${API.login}`;

const me: Me = {
  user: { id: 1, email: 's11391@demo.edu', name: 'Student 11391' },
  institutions: [],
  coaches: [{ id: 3, label: 'AAA 2013J', institution_id: 1, course: 'AAA', term: '2013J', role: 'student' }],
  home: '/Dashboard/Coach/3/CoachDetails/',
};

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: email } });
  fireEvent.change(screen.getByLabelText(/^Password/), { target: { value: password } });
}

function submit() {
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('LoginForm', () => {
  it('has labelled email and password inputs', () => {
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
  });

  it('shows non_field_errors from the server in an alert', async () => {
    stubFetch({ [LOGIN]: { status: 400, body: { non_field_errors: [UI_TEXTS.loginFailed] } } });
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    fill('s1@demo.edu', 'wrong');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(UI_TEXTS.loginFailed);
  });

  it('shows server field errors beside their fields', async () => {
    stubFetch({
      [LOGIN]: {
        status: 400,
        body: {
          email: ['Enter a valid email address.'],
          password: ['Ensure this field has at most 1024 characters.'],
        },
      },
    });
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    fill('s1@demo.edu', 'x');
    submit();
    const email = screen.getByLabelText(/^Email/);
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(
      'Ensure this field has at most 1024 characters.',
    );
    expect(email).toHaveFocus();
  });

  it('checks required fields before sending anything', async () => {
    const fetchMock = stubFetch({});
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    submit();
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(screen.getByLabelText(/^Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the rate-limit message on 429, with the wait from Retry-After', async () => {
    stubFetch({
      [LOGIN]: {
        status: 429,
        body: { detail: UI_TEXTS.loginRateLimited },
        headers: { 'retry-after': '540' },
      },
    });
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    fill('s2@demo.edu', 'wrong');
    submit();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UI_TEXTS.loginRateLimited);
    expect(alert).toHaveTextContent('You can try again in about 9 minutes.');
  });

  it('shows a network failure as a message that says what to do', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderWithApp(<LoginForm onSuccess={() => {}} />);
    fill('s3@demo.edu', 'coach-demo');
    submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('Check your internet connection');
  });

  it('sends the CSRF cookie as X-CSRFToken, disables submit while pending and reports success', async () => {
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    document.cookie = 'csrftoken=abc123; path=/';
    let release: (() => void) | undefined;
    const fetchMock = stubFetch({
      [LOGIN]: () =>
        new Promise((resolve) => {
          release = () => resolve({ body: me });
        }),
    });
    const onSuccess = vi.fn();
    renderWithApp(<LoginForm onSuccess={onSuccess} />);
    fill(' S11391@demo.edu ', 'coach-demo');
    submit();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign in' })).toBeDisabled());
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('x-csrftoken')).toBe('abc123');
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'S11391@demo.edu', password: 'coach-demo' });
    release?.();
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(me));
  });
});
