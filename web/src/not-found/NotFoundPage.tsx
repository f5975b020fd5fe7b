import { Link } from 'react-router-dom';

export default function NotFoundPage() {
  return (
    <main className="not-found">
      <h1>
        <span className="not-found__code">404</span> Oops! Page not found
      </h1>
      <Link to="/">Return to Home</Link>
    </main>
  );
}
