/**
 * The code of the pages behind the login, loaded on first use. One loader each, shared by the
 * router and the start-up prefetch (./warmStart.ts), so that a page whose code was asked for
 * early is the same module the router renders.
 */
export const loadMainLayout = () => import('../layouts/MainLayout');
export const loadEntityScreen = () => import('../entity/EntityScreen');
export const loadDashboard = () => import('../features/dashboard/DashboardPage');
