import { API, PAGES } from '@course-coach/contracts';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../api/client.ts';

const SIGNED_OUT_FLAG = 'course-coach:signed-out';

/**
 * Signs out, then loads the sign-in page afresh: a full page load drops every answer held in memory,
 * which matters on shared computers. `mutate()` or `mutate('this-device')` ends this session
 * (POST /api/v1/auth/logout); `mutate('everywhere')` ends every session of the user on every device
 * (POST /api/v1/auth/logout-all, see SECURITY.md). A failure leaves the user signed in and says so.
 * Both are described (`AUTH_ENDPOINTS.logout`, `logoutAll`) but called by hand: the shell loads this
 * module, and `callEndpoint` with the descriptions would bring zod into the first load.
 */
export function useSignOut() {
  return useMutation({
    mutationFn: (where: 'this-device' | 'everywhere' = 'this-device') =>
      apiPost(where === 'everywhere' ? API.logoutAll : API.logout),
    onSuccess: () => {
      try {
        sessionStorage.setItem(SIGNED_OUT_FLAG, '1');
      } catch {
        // Storage may be off (private mode); the message is a nicety.
      }
      window.location.assign(PAGES.login);
    },
    onError: (error) => {
      notifications.show({
        title: 'Sign-out failed',
        message: `${error.message} You are still signed in; try again.`,
        color: 'red',
      });
    },
  });
}

/** True right after a sign-out (the sign-in page then says "You have signed out."). */
export function readSignedOutFlag(): boolean {
  try {
    return sessionStorage.getItem(SIGNED_OUT_FLAG) === '1';
  } catch {
    return false;
  }
}

/** Forgets the sign-out flag, so the message shows once. */
export function clearSignedOutFlag(): void {
  try {
    sessionStorage.removeItem(SIGNED_OUT_FLAG);
  } catch {
    // Nothing to clear.
  }
}
