import { lazy } from 'react';
import type { RouteObject } from 'react-router-dom';
import LandingPage from '../landing/LandingPage';
import { lazyStartedOn } from './lazy-started-on';

/**
 * Every route of the SPA. Each page is its own chunk (route-level code splitting),
 * so the landing page never loads the reader, the admin panel or recharts. The landing page is
 * the exception: it is where most visits start, so it comes with the entry script and its CSS
 * (one request chain shorter before the first paint); the other pages pay for it (~11 KB br).
 * A feature adds its route here, one line. The reader's and the profile's pages start loading
 * with the app on their own address, or once the page has drawn its own first screen
 * (./lazy-started-on): a shared or kept story opens there first, and a returning reader's
 * profile does not wait for the session check to ask for its page.
 */
const NotFoundPage = lazy(() => import('../not-found/NotFoundPage'));
const SignupPage = lazy(() => import('../auth/SignupPage'));
const LoginPage = lazy(() => import('../auth/LoginPage'));
const VerifyPage = lazy(() => import('../auth/VerifyPage'));
const ResetPasswordPage = lazy(() => import('../auth/ResetPasswordPage'));
const ProfilePage = lazyStartedOn('/profile', () => import('../profile/ProfilePage'));
const PolicyPage = lazy(() => import('../policy/PolicyPage'));
const StoryPage = lazyStartedOn('/story/', () => import('../reader/StoryPage'));
const CreateStoryPage = lazy(() => import('../create-story/CreateStoryPage'));
const PurchasePage = lazy(() => import('../purchase/PurchasePage'));
const PurchaseReturnPage = lazy(() => import('../purchase/PurchaseReturnPage'));
const ManagePremiumPage = lazy(() => import('../premium/ManagePremiumPage'));
const InvitePage = lazy(() => import('../invite/InvitePage'));
const MyPremiumPage = lazy(() => import('../premium/MyPremiumPage'));
const AppealPage = lazy(() => import('../reports/AppealPage'));
const CreatorPage = lazy(() => import('../creators/CreatorPage'));
const StudioPage = lazy(() => import('../studio/StudioPage'));
const UnsubscribePage = lazy(() => import('../email-digest/UnsubscribePage'));
const AdminRoute = lazy(() => import('../admin/AdminRoute'));
const AgeAssuranceReturnPage = lazy(() => import('../age-assurance/AgeAssuranceReturnPage'));

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '/profile', element: <ProfilePage /> },
  { path: '/policy', element: <PolicyPage /> },
  { path: '/story/:id', element: <StoryPage /> },
  { path: '/create_stories', element: <CreateStoryPage /> },
  { path: '/auth/signup', element: <SignupPage /> },
  { path: '/auth/login', element: <LoginPage /> },
  { path: '/auth/verify', element: <VerifyPage /> },
  { path: '/auth/reset-password', element: <ResetPasswordPage /> },
  { path: '/subscription', element: <PurchasePage /> },
  { path: '/purchase/return', element: <PurchaseReturnPage /> },
  { path: '/subscription-manage', element: <ManagePremiumPage /> },
  { path: '/invite', element: <InvitePage /> },
  { path: '/my-premium', element: <MyPremiumPage /> },
  { path: '/appeal/:id', element: <AppealPage /> },
  { path: '/creator/:handle', element: <CreatorPage /> },
  { path: '/studio', element: <StudioPage /> },
  { path: '/email-digest/unsubscribe', element: <UnsubscribePage /> },
  { path: '/age-assurance/return', element: <AgeAssuranceReturnPage /> },
  // /admin_{name}: whole-segment matching only, so the admin route checks the prefix itself.
  { path: '/:section', element: <AdminRoute /> },
  { path: '*', element: <NotFoundPage /> },
];
