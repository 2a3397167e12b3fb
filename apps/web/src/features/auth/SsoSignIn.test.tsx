import { SSO_ERROR_TEXTS } from '@course-coach/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../testing/test-utils.tsx';
import { SsoSignIn, ssoErrorText } from './SsoSignIn.tsx';

const providers = {
  providers: [
    { slug: 'demo', institution: 'Demo University', label: 'Demo SSO', protocol: 'oidc' as const },
    { slug: 'state-u', institution: 'State University', label: 'State U', protocol: 'saml' as const },
  ],
  password_login: true,
};

describe('SsoSignIn', () => {
  it('links each institution’s button to its start, carrying `next`, with a divider before the password form', () => {
    renderWithApp(<SsoSignIn providers={providers} next="/a?b=1" error={null} />);
    expect(screen.getByRole('link', { name: 'Sign in with Demo SSO' })).toHaveAttribute(
      'href',
      '/api/v1/auth/sso/demo/start?next=%2Fa%3Fb%3D1',
    );
    expect(screen.getByRole('link', { name: 'Sign in with State U' })).toHaveAttribute(
      'href',
      '/api/v1/auth/saml/state-u/start?next=%2Fa%3Fb%3D1',
    );
    expect(screen.getByText('or with your Course Coach password')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why the last sign-on was refused, in the words for its code', () => {
    renderWithApp(<SsoSignIn providers={providers} next={null} error="no_role" />);
    expect(screen.getByRole('alert')).toHaveTextContent(SSO_ERROR_TEXTS.no_role);
    expect(screen.getByRole('link', { name: 'Sign in with Demo SSO' })).toHaveAttribute(
      'href',
      '/api/v1/auth/sso/demo/start',
    );
  });

  it('shows nothing without providers, and the general sentence for an unknown code', () => {
    renderWithApp(<SsoSignIn providers={{ providers: [], password_login: true }} next={null} error={null} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByText('or with your Course Coach password')).toBeNull();
    expect(ssoErrorText('made-up')).toBe(SSO_ERROR_TEXTS.failed);
    expect(ssoErrorText(null)).toBeNull();
  });
});
