import { Link } from 'react-router-dom';
import { MoonMark } from '../layout/Brand';
import { buttonClass } from '../ui/Button';
import './NotFoundPage.css';

/** Every unknown route: "404 Oops! Page not found" with a link home. */
export default function NotFoundPage() {
  return (
    <div className="page not-found-page">
      <main id="main" className="not-found">
        <MoonMark size={56} />
        <h1 className="not-found__title">
          <span className="not-found__code">404</span> Oops! Page not found
        </h1>
        <p className="not-found__text">
          This page has slipped into the night. The story you were looking for may have moved or never
          existed.
        </p>
        <Link to="/" className={buttonClass('primary', 'lg')}>
          Return to Home
        </Link>
      </main>
    </div>
  );
}
