import { Link } from 'react-router-dom';
import { SkipLink } from '../ui/SkipLink';
import { KeptShelf } from './KeptShelf';

/**
 * /profile opened without a connection before the session could be checked (the app started
 * offline): the stories kept on this device, each of which opens in the reader. The rest of the
 * profile needs the server; it comes back with the connection.
 */
export function OfflineLibrary() {
  return (
    <div className="page profile">
      <SkipLink />
      <main id="main" className="container profile-main">
        <h1 className="library__title">You are offline</h1>
        <p className="text-muted">
          The stories you kept on this device open without a connection. The rest of your library comes back
          when you are online.
        </p>
        <KeptShelf />
        <Link to="/">Go to the start page</Link>
      </main>
    </div>
  );
}
