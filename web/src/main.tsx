import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startServiceWorker } from './pwa/start-service-worker';
import './styles/tokens.css';
import './styles/base.css';

// The first render in a transition: React draws the tree in slices, yielding to the browser between
// them, rather than in one long task a slow phone's CPU would be blocked by.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});

// Development serves no worker (the build writes it): registering one would only fail.
if (import.meta.env.PROD) startServiceWorker();
