import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearHeldAnswers } from '../api/answers-ahead.ts';

// findBy…/waitFor give up after 5 s instead of Testing Library's 1 s: `npm test` runs this suite beside
// both server suites on two cores, where a debounced search (300 ms) or a first render under load can take
// longer than a second. Only the wait grows; every assertion stays as strict.
configure({ asyncUtilTimeout: 5000 });

// Testing Library cleans up automatically only with Vitest globals on; they are off here. The web files
// share one module registry (`isolate: false` in vitest.config.ts), so module-level state is reset here
// too: Mantine's notification store, the answers fetched ahead (dashboard parts, early requests), web
// storage.
afterEach(() => {
  cleanup();
  notifications.clean();
  clearHeldAnswers();
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API.
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

// Mantine reads matchMedia (colour scheme, responsive props) and ResizeObserver; jsdom has neither.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
}

class ResizeObserverStub implements ResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

// Mantine's Combobox and ScrollArea call these; jsdom does not implement them.
Element.prototype.scrollIntoView ??= () => {};
window.HTMLElement.prototype.scrollTo ??= () => {};
