import { lazy } from 'react';
import { useParams } from 'react-router-dom';

const AdminPage = lazy(() => import('./AdminPage'));
const NotFoundPage = lazy(() => import('../not-found/NotFoundPage'));

/**
 * `/admin_{name}`. React Router matches whole segments only, so the route
 * table sends every unmatched one-segment path here: `admin_…` opens the panel (its own chunk,
 * with recharts), anything else is the not-found page.
 */
export default function AdminRoute() {
  const { section = '' } = useParams();
  return /^admin_[A-Za-z0-9_-]+$/.test(section) ? <AdminPage /> : <NotFoundPage />;
}
