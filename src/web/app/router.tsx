/** The route table. Layouts and pages behind the login load lazily. */
import { Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Outlet } from 'react-router';
import { setNavigator } from '../api/client';
import { AUDIT_TRAIL_ROUTE } from '../features/audit/auditNav';
import { DIARY_ROUTE } from '../features/diary/diaryRoute';
import { RouteError } from '../features/errors/RouteError';
import { NotFoundPage } from '../features/not-found/NotFoundPage';
import { LandingLayout } from '../layouts/LandingLayout';
import { LoginPage } from '../features/login/LoginPage';
import { PageLoader } from './PageLoader';
import { RequireAuth } from './RequireAuth';
import { lazyNamed } from './lazy';
import { loadDashboard, loadEntityScreen, loadMainLayout } from './routeModules';

const MainLayout = lazyNamed(loadMainLayout, 'MainLayout');
const PrintingLayout = lazyNamed(() => import('../layouts/PrintingLayout'), 'PrintingLayout');
const OfflineLayout = lazyNamed(() => import('../layouts/OfflineLayout'), 'OfflineLayout');
const PasswordResetPage = lazyNamed(
  () => import('../features/password-reset/PasswordResetPage'),
  'PasswordResetPage',
);
const BookingPage = lazyNamed(() => import('../features/booking/BookingPage'), 'BookingPage');
const OfferPage = lazyNamed(() => import('../features/waitlist/OfferPage'), 'OfferPage');
const ManageBookingPage = lazyNamed(
  () => import('../features/booking/ManageBookingPage'),
  'ManageBookingPage',
);
const DashboardPage = lazyNamed(loadDashboard, 'DashboardPage');
const MyDetailsPage = lazyNamed(
  () => import('../features/my-details/MyDetailsPage'),
  'MyDetailsPage',
);
const AuditTrailPage = lazyNamed(
  () => import('../features/audit/AuditTrailPage'),
  'AuditTrailPage',
);
const TestPage = lazyNamed(() => import('../features/test-page/TestPage'), 'TestPage');
const EntityPage = lazyNamed(loadEntityScreen, 'EntityScreen');
const PatientLetterPrint = lazyNamed(
  () => import('../features/printing/PatientLetterPrint'),
  'PatientLetterPrint',
);
const PrescriptionPrint = lazyNamed(
  () => import('../features/printing/prescriptions/PrescriptionPrint'),
  'PrescriptionPrint',
);
const PrescriptionLabel = lazyNamed(
  () => import('../features/printing/prescriptions/PrescriptionLabel'),
  'PrescriptionLabel',
);
const PrescriptionReceipt = lazyNamed(
  () => import('../features/printing/prescriptions/PrescriptionReceipt'),
  'PrescriptionReceipt',
);
const BatchTracePrint = lazyNamed(() => import('../features/stock/BatchTrace'), 'BatchTracePrint');
const StockPage = lazyNamed(() => import('../features/stock/StockPage'), 'StockPage');
const DiaryPage = lazyNamed(() => import('../features/diary/DiaryPage'), 'DiaryPage');
const DueForReviewPage = lazyNamed(
  () => import('../features/diary-review/DueForReviewPage'),
  'DueForReviewPage',
);
const OfflineClientsPage = lazyNamed(
  () => import('../features/offline/OfflineClientsPage'),
  'OfflineClientsPage',
);

const page = (node: ReactNode) => <Suspense fallback={<PageLoader />}>{node}</Suspense>;

export const router = createBrowserRouter([
  {
    element: <Outlet />,
    errorElement: <RouteError />,
    children: [
      {
        path: '/',
        element: <LandingLayout />,
        children: [
          { index: true, element: <LoginPage /> },
          { path: 'password-reset', element: page(<PasswordResetPage />) },
          // Public online booking and its manage link (src/server/booking/).
          { path: 'book', element: page(<BookingPage />) },
          { path: 'book/manage', element: page(<ManageBookingPage />) },
          // A waitlist offer's link (src/server/waitlist/).
          { path: 'book/offer', element: page(<OfferPage />) },
        ],
      },
      {
        path: '/printing',
        element: <RequireAuth>{page(<PrintingLayout />)}</RequireAuth>,
        children: [
          { path: 'patientletters/:id', element: page(<PatientLetterPrint />) },
          { path: 'prescriptions/:id', element: page(<PrescriptionPrint />) },
          { path: 'prescriptions/:id/label', element: page(<PrescriptionLabel />) },
          { path: 'prescriptions/:id/receipt', element: page(<PrescriptionReceipt />) },
          { path: 'batches/:id', element: page(<BatchTracePrint />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/app',
        element: <RequireAuth>{page(<MainLayout />)}</RequireAuth>,
        children: [
          { index: true, element: page(<DashboardPage />) },
          { path: 'my_details', element: page(<MyDetailsPage />) },
          { path: 'test', element: page(<TestPage />) },
          { path: 'stock', element: page(<StockPage />) },
          { path: DIARY_ROUTE, element: page(<DiaryPage />) },
          { path: `${DIARY_ROUTE}/review`, element: page(<DueForReviewPage />) },
          { path: AUDIT_TRAIL_ROUTE, element: page(<AuditTrailPage />) },
          { path: ':entity', element: page(<EntityPage />) },
          { path: ':entity/:id', element: page(<EntityPage />) },
          { path: ':entity/:id/:tab', element: page(<EntityPage />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      {
        path: '/offline',
        element: page(<OfflineLayout />),
        children: [
          { path: 'clients', element: page(<OfflineClientsPage />) },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

setNavigator((to) => void router.navigate(to));
