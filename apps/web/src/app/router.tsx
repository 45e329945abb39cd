import { createBrowserRouter, Navigate, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { lazyComponent } from './lazy';
import { RequireAuth } from './RequireAuth';
import { RouteError } from './RouteError';

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Gives every route its own error boundary (inline ones inside the seller shell). */
function withErrorBoundaries(routes: RouteObject[], inline = false): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement: route.errorElement ?? <RouteError inline={inline} />,
    ...(route.children ? { children: withErrorBoundaries(route.children, inline || route.path === 'app/:orgId') } : {}),
  })) as RouteObject[];
}

/** Children of /app/:orgId (spec "Seller area"). */
const sellerRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="orders" replace /> },
  {
    path: 'orders',
    lazy: lazyComponent(
      () => import('../features/seller/orders/components/OrdersPage'),
      (m) => m.OrdersPage,
    ),
  },
  {
    path: 'welcome',
    lazy: lazyComponent(
      () => import('../features/seller/welcome/components/WelcomePage'),
      (m) => m.WelcomePage,
    ),
  },
  {
    path: 'onboarding',
    lazy: lazyComponent(
      () => import('../features/seller/onboarding/components/OnboardingPage'),
      (m) => m.OnboardingPage,
    ),
  },
  {
    path: 'terms',
    lazy: lazyComponent(
      () => import('../features/seller/terms/components/TermsPage'),
      (m) => m.TermsPage,
    ),
  },
  {
    path: 'business-info',
    lazy: lazyComponent(
      () => import('../features/seller/business-info/components/BusinessInfoPage'),
      (m) => m.BusinessInfoPage,
    ),
  },
  {
    path: 'invites',
    lazy: lazyComponent(
      () => import('../features/seller/invites/components/InvitesPage'),
      (m) => m.InvitesPage,
    ),
  },
  {
    path: 'products',
    lazy: lazyComponent(
      () => import('../features/seller/products/components/ProductsPage'),
      (m) => m.ProductsPage,
    ),
  },
  {
    // :productId is a product id, or "add" for a new product.
    path: 'products/:productId',
    lazy: lazyComponent(
      () => import('../features/seller/products/components/ProductFormPage'),
      (m) => m.ProductFormPage,
    ),
  },
  {
    path: 'customers',
    lazy: lazyComponent(
      () => import('../features/seller/customers/components/CustomersPage'),
      (m) => m.CustomersPage,
    ),
  },
  {
    path: 'customers/:customerId',
    lazy: lazyComponent(
      () => import('../features/seller/customers/components/CustomerDetailPage'),
      (m) => m.CustomerDetailPage,
    ),
  },
  {
    path: 'organization/onboarding/stripe-connect',
    lazy: lazyComponent(
      () => import('../features/seller/payments/components/StripeConnectPage'),
      (m) => m.StripeConnectPage,
    ),
  },
  {
    path: '*',
    lazy: lazyComponent(
      () => import('../features/seller/shell/components/SellerNotFound'),
      (m) => m.SellerNotFound,
    ),
  },
];

/** Every path of the web client, in one place. */
export const routes: RouteObject[] = withErrorBoundaries([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: FullPageSpinner,
    children: [
      {
        index: true,
        lazy: lazyComponent(
          () => import('../features/account/components/LandingPage'),
          (m) => m.LandingPage,
        ),
      },
      {
        path: 'auth/callback',
        lazy: lazyComponent(
          () => import('../features/account/components/AuthCallbackPage'),
          (m) => m.AuthCallbackPage,
        ),
      },
      {
        path: 'invite/:inviteId',
        lazy: lazyComponent(
          () => import('../features/invite/components/InvitePage'),
          (m) => m.InvitePage,
        ),
      },
      {
        path: '404',
        lazy: lazyComponent(
          () => import('../features/account/components/NotFoundRoute'),
          (m) => m.NotFoundRoute,
        ),
      },
      {
        // Protected areas: anonymous visitors are sent to sign in and brought back.
        Component: RequireAuth,
        children: [
          {
            path: 'details',
            lazy: lazyComponent(
              () => import('../features/account/components/DetailsPage'),
              (m) => m.DetailsPage,
            ),
          },
          {
            path: 'details-buyer',
            lazy: lazyComponent(
              () => import('../features/buyer-signup/components/BuyerSignupPage'),
              (m) => m.BuyerSignupPage,
            ),
          },
          {
            path: 'app/:orgId',
            lazy: lazyComponent(
              () => import('../features/seller/shell/components/SellerShell'),
              (m) => m.SellerShell,
            ),
            children: sellerRoutes,
          },
          {
            path: 'storefront',
            lazy: lazyComponent(
              () => import('../features/storefront/components/StorefrontEntry'),
              (m) => m.StorefrontEntry,
            ),
          },
          {
            path: 'storefront/all',
            lazy: lazyComponent(
              () => import('../features/storefront/components/StorefrontPlaceholders'),
              (m) => m.YourStoresPage,
            ),
          },
          {
            path: 'storefront/:orgId/*',
            lazy: lazyComponent(
              () => import('../features/storefront/components/StorefrontPlaceholders'),
              (m) => m.StorefrontPage,
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: lazyComponent(
          () => import('../features/account/components/NotFoundRoute'),
          (m) => m.NotFoundRoute,
        ),
      },
    ],
  },
]);

export function createAppRouter() {
  return createBrowserRouter(routes);
}
