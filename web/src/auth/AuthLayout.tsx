import type { ReactNode } from 'react';
import { Brand } from '../layout/Brand';
import { centeredPanelClass } from '../ui/CenteredPanel';
import './AuthLayout.css';

/** The frame of the auth pages: the brand, then one narrow card with a heading. */
export function AuthLayout({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div className="page auth-page">
      <header className="auth-page__header container">
        <Brand />
      </header>
      <main id="main" className="auth-page__main">
        <section className={centeredPanelClass('auth-panel')} aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth-panel__title">
            {title}
          </h1>
          {children}
        </section>
      </main>
    </div>
  );
}
