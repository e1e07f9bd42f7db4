import { createBrowserRouter } from 'react-router-dom';
import { Loader } from '@tabula/ui';
import { Layout } from './Layout';
import { LandingScreen } from '../screens/LandingScreen';

/**
 * The routes of the spec's section 2 inside the shared layout. Only the landing page is in
 * the entry bundle; every other screen (and with the canvas screens, Excalidraw) loads on
 * demand.
 */
export function createAppRouter() {
  return createBrowserRouter([
    {
      path: '/',
      element: <Layout />,
      // Shown while the first lazy screen of a page load arrives.
      hydrateFallbackElement: <Loader />,
      children: [
        { index: true, element: <LandingScreen /> },
        {
          path: 'canvases',
          lazy: async () => ({
            Component: (await import('../screens/CanvasesScreen')).CanvasesScreen,
          }),
        },
        {
          path: 'livecanvases',
          lazy: async () => ({
            Component: (await import('../screens/LiveCanvasesScreen')).LiveCanvasesScreen,
          }),
        },
        {
          path: 'profile',
          lazy: async () => ({
            Component: (await import('../screens/ProfileScreen')).ProfileScreen,
          }),
        },
        {
          path: 'signin',
          lazy: async () => ({ Component: (await import('../screens/AuthScreen')).AuthScreen }),
        },
        {
          path: 'signup',
          lazy: async () => ({ Component: (await import('../screens/AuthScreen')).AuthScreen }),
        },
        {
          path: 'canvas/:id',
          lazy: async () => ({ Component: (await import('../screens/CanvasScreen')).CanvasScreen }),
        },
        {
          path: 'livecanvas/:id',
          lazy: async () => ({
            Component: (await import('../screens/LiveCanvasScreen')).LiveCanvasScreen,
          }),
        },
        {
          path: 'canvas/:id/history',
          lazy: async () => ({
            Component: (await import('../screens/HistoryScreen')).CanvasHistoryScreen,
          }),
        },
        {
          path: 'livecanvas/:id/history',
          lazy: async () => ({
            Component: (await import('../screens/HistoryScreen')).LiveCanvasHistoryScreen,
          }),
        },
        {
          path: 'view/:token',
          lazy: async () => ({ Component: (await import('../screens/ViewScreen')).ViewScreen }),
        },
        {
          path: '*',
          lazy: async () => ({
            Component: (await import('../screens/NotFoundScreen')).NotFoundScreen,
          }),
        },
      ],
    },
  ]);
}
