import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { buttonClass } from '../ui/Button';
import { ArrowLeftIcon } from '../ui/icons';
import './AccountPage.css';

/** The frame of a member's page under the profile: "Back to Profile", the title, then the page. */
export function AccountPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="page">
      <main id="main" className="container account-page">
        <Link className={buttonClass('ghost', 'sm', { className: 'account-page__back' })} to="/profile">
          <ArrowLeftIcon />
          Back to Profile
        </Link>
        <h1 className="account-page__title">{title}</h1>
        {children}
      </main>
    </div>
  );
}
