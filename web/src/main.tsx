import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startServiceWorker } from './pwa/start-service-worker';
import './styles/tokens.css';
import './styles/base.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// Development serves no worker (the build writes it): registering one would only fail.
if (import.meta.env.PROD) startServiceWorker();
