import type { ReactNode } from 'react';
import { BackLink } from '../ui/BackLink';
import './AccountPage.css';

/** The frame of a member's page under the profile: "Back to Profile", the title, then the page. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <main id="main" className="container account-page">
        <BackLink to="/profile" className="account-page__back">
          Back to Profile
        </BackLink>
        <h1 className="account-page__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
