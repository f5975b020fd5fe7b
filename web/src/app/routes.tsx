import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';

/**
 * Every route of spec.md section 2. Each page is its own chunk (route-level code splitting),
 * so the landing page never loads the reader, the admin panel or recharts.
 * A feature adds its route here, one line.
 */
const NotFoundPage = lazy(() => import('../not-found/NotFoundPage'));

export const routes: RouteObject[] = [{ path: '*', element: <NotFoundPage /> }];
