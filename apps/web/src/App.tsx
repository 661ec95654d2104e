import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppLayout } from './components/layout/AppLayout';
import { ContactPage } from './routes/contact/ContactPage';
import { JoinPage } from './routes/join/JoinPage';
import { LoginPage } from './routes/login/LoginPage';
import { MyLogPage } from './routes/mylog/MyLogPage';
import { ProfileByNamePage } from './routes/user/ProfileByNamePage';
import { PublicProfilePage } from './routes/user/PublicProfilePage';
import { PrivacyPolicyPage } from './routes/legal/PrivacyPolicyPage';
import { TermsOfServicePage } from './routes/legal/TermsOfServicePage';
import { NotFoundPage } from './routes/not-found/NotFoundPage';
import { RouteErrorPage } from './routes/RouteErrorPage';

const router = createBrowserRouter([
  {
    element: <AppLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/join', element: <JoinPage /> },
      { path: '/mylog', element: <MyLogPage /> },
      { path: '/user/name/:name', element: <ProfileByNamePage /> },
      { path: '/user/:username', element: <PublicProfilePage /> },
      { path: '/contact', element: <ContactPage /> },
      { path: '/terms-of-service', element: <TermsOfServicePage /> },
      { path: '/privacy-policy', element: <PrivacyPolicyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);

export function App() {
  return <RouterProvider router={router} />;
}
