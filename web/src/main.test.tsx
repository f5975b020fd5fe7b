// @vitest-environment jsdom
import { expect, it, vi } from 'vitest';

const calls: string[] = [];
let inTransition = false;

vi.mock('react', async (original) => ({
  ...(await original<typeof import('react')>()),
  startTransition: (scope: () => void) => {
    inTransition = true;
    scope();
    inTransition = false;
  },
}));
vi.mock('react-dom/client', () => ({
  createRoot: () => ({ render: () => calls.push(inTransition ? 'render in a transition' : 'render') }),
}));
vi.mock('./app/App', () => ({ App: () => null }));
vi.mock('./pwa/start-service-worker', () => ({ startServiceWorker: () => {} }));

it('renders the first tree in a transition, so a slow phone is not blocked by one long task', async () => {
  document.body.innerHTML = '<div id="root"></div>';
  await import('./main');
  expect(calls).toEqual(['render in a transition']);
});
