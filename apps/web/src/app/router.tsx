import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, Outlet, ScrollRestoration, type RouteObject } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { lazyComponent } from './lazy';
import { RequireAuth } from './RequireAuth';

// Error pages load when an error happens, not with every page.
const RouteError = lazy(() => import('./RouteError').then((m) => ({ default: m.RouteError })));

function RouteErrorBoundary({ inline }: { inline: boolean }) {
  return (
    <Suspense fallback={null}>
      <RouteError inline={inline} />
    </Suspense>
  );
}

function RootLayout() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

/** Gives every route its own error boundary (inline ones inside the seller and buyer shells). */
function withErrorBoundaries(routes: RouteObject[], inline = false): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    errorElement: route.errorElement ?? <RouteErrorBoundary inline={inline} />,
    ...(route.children
      ? { children: withErrorBoundaries(route.children, inline || route.path === 'app/:orgId' || route.path === 'storefront') }
      : {}),
  })) as RouteObject[];
}

/** Children of /app/:orgId (spec "Seller area"). */
const sellerRoutes: RouteObject[] = [
  {
    // The spec's empty path, the seller's landing view: the dashboard (issue 13 item 6).
    index: true,
    lazy: lazyComponent(
      () => import('../features/seller/dashboard/components/DashboardPage'),
      (m) => m.DashboardPage,
    ),
  },
  {
    path: 'orders',
    lazy: lazyComponent(
      () => import('../features/seller/orders/components/OrdersPage'),
      (m) => m.OrdersPage,
    ),
  },
  {
    // Orders the seller writes (issue 25 part 2): the list, and one order (the builder while a draft).
    path: 'proposals',
    lazy: lazyComponent(
      () => import('../features/seller/proposals/components/ProposalsPage'),
      (m) => m.ProposalsPage,
    ),
  },
  {
    path: 'proposals/:proposalId',
    lazy: lazyComponent(
      () => import('../features/seller/proposals/components/ProposalPage'),
      (m) => m.ProposalPage,
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
    // Before products/:productId so "import" is not read as a product id.
    path: 'products/import',
    lazy: lazyComponent(
      () => import('../features/seller/catalog-import/components/CatalogImportPage'),
      (m) => m.CatalogImportPage,
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
    // Orders placed on net terms, by payment status (issue 13 item 1).
    path: 'invoices',
    lazy: lazyComponent(
      () => import('../features/seller/invoices/components/InvoicesPage'),
      (m) => m.InvoicesPage,
    ),
  },
  {
    // Line sheets (issue 25 part 3): the list, and one sheet's editor.
    path: 'line-sheets',
    lazy: lazyComponent(
      () => import('../features/seller/line-sheets/components/LineSheetsPage'),
      (m) => m.LineSheetsPage,
    ),
  },
  {
    path: 'line-sheets/:lineSheetId',
    lazy: lazyComponent(
      () => import('../features/seller/line-sheets/components/LineSheetEditorPage'),
      (m) => m.LineSheetEditorPage,
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
    // Price lists (issue 25 part 1): the seller's lists, and one list's prices.
    path: 'price-lists',
    lazy: lazyComponent(
      () => import('../features/seller/price-lists/components/PriceListsPage'),
      (m) => m.PriceListsPage,
    ),
  },
  {
    path: 'price-lists/:priceListId',
    lazy: lazyComponent(
      () => import('../features/seller/price-lists/components/PriceListPage'),
      (m) => m.PriceListPage,
    ),
  },
  {
    path: 'team',
    lazy: lazyComponent(
      () => import('../features/seller/team/components/TeamPage'),
      (m) => m.TeamPage,
    ),
  },
  {
    // Integrations (issue 26): API keys, webhooks and accounting exports; owners and admins.
    path: 'integrations',
    lazy: lazyComponent(
      () => import('../features/seller/integrations/components/IntegrationsPage'),
      (m) => m.IntegrationsPage,
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

const storefrontPage = (pick: (m: typeof import('../features/storefront/components/StorefrontPlaceholders')) => ComponentType) =>
  lazyComponent(() => import('../features/storefront/components/StorefrontPlaceholders'), pick);

/** Children of /storefront (spec "Storefront"), inside the buyer shell. */
const storefrontRoutes: RouteObject[] = [
  {
    // The bare /storefront: the buyer landing choice.
    index: true,
    lazy: lazyComponent(
      () => import('../features/storefront/components/StorefrontEntry'),
      (m) => m.StorefrontEntry,
    ),
  },
  {
    path: 'all',
    lazy: lazyComponent(
      () => import('../features/storefront/components/YourStoresPage'),
      (m) => m.YourStoresPage,
    ),
  },
  {
    path: ':orgId',
    lazy: lazyComponent(
      () => import('../features/storefront/catalog/components/StorefrontPage'),
      (m) => m.StorefrontPage,
    ),
  },
  {
    path: ':orgId/product/:productId',
    lazy: lazyComponent(
      () => import('../features/storefront/catalog/components/ProductPage'),
      (m) => m.ProductPage,
    ),
  },
  // Where a store that cannot be shown leads (spec: storefront load failure).
  { path: ':orgId/not-found', lazy: storefrontPage((m) => m.StoreNotAvailable) },
  {
    path: ':orgId/checkout',
    lazy: lazyComponent(
      () => import('../features/storefront/checkout/components/CheckoutPage'),
      (m) => m.CheckoutPage,
    ),
  },
  {
    path: ':orgId/checkout/return',
    lazy: lazyComponent(
      () => import('../features/storefront/payment/components/CheckoutReturnPage'),
      (m) => m.CheckoutReturnPage,
    ),
  },
  {
    // An order the seller wrote for the buyer (issue 25 part 2): the e-mail's link.
    path: ':orgId/proposals/:proposalId',
    lazy: lazyComponent(
      () => import('../features/storefront/proposals/components/ReceivedProposalPage'),
      (m) => m.ReceivedProposalPage,
    ),
  },
  {
    path: ':orgId/billing',
    lazy: lazyComponent(
      () => import('../features/storefront/billing/components/BillingPage'),
      (m) => m.BillingPage,
    ),
  },
  {
    path: ':orgId/orders',
    lazy: lazyComponent(
      () => import('../features/storefront/orders/components/BuyerOrdersPage'),
      (m) => m.BuyerOrdersPage,
    ),
  },
  {
    // Where the buyer lands once an order is placed (card or invoice): issue 23.
    path: ':orgId/orders/:orderId/confirmation',
    lazy: lazyComponent(
      () => import('../features/storefront/orders/components/OrderConfirmationPage'),
      (m) => m.OrderConfirmationPage,
    ),
  },
  {
    // A buyer organization's team (the seller area has its own at /app/{org_id}/team).
    path: 'team/:teamOrgId',
    lazy: lazyComponent(
      () => import('../features/seller/team/components/TeamPage'),
      (m) => m.TeamPage,
    ),
  },
  {
    // A buyer organization's resale certificate (issue 25 part 5; optional step after sign-up).
    path: 'resale-certificate/:buyerOrgId',
    lazy: lazyComponent(
      () => import('../features/storefront/resale-certificate/components/ResaleCertificatePage'),
      (m) => m.ResaleCertificatePage,
    ),
  },
  // Any other path under a store.
  { path: ':orgId/*', lazy: storefrontPage((m) => m.StorefrontNotFound) },
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
          () => import('./LandingRoute'),
          (m) => m.LandingRoute,
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
        path: 'team-invite/:inviteId',
        lazy: lazyComponent(
          () => import('../features/invite/components/TeamInvitePage'),
          (m) => m.TeamInvitePage,
        ),
      },
      {
        // The Terms and Privacy Policy that every sign-up agrees to: readable signed out.
        path: 'terms',
        lazy: lazyComponent(
          () => import('../features/legal/components/TermsOfServicePage'),
          (m) => m.TermsOfServicePage,
        ),
      },
      {
        path: 'privacy',
        lazy: lazyComponent(
          () => import('../features/legal/components/PrivacyPolicyPage'),
          (m) => m.PrivacyPolicyPage,
        ),
      },
      {
        // A shared line sheet (issue 25 part 3): readable without signing in, behind its link's token.
        path: 'line-sheet/:token',
        lazy: lazyComponent(
          () => import('../features/line-sheet/components/SharedLineSheetPage'),
          (m) => m.SharedLineSheetPage,
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
            // A buyer no seller has invited yet (the buyer landing choice without stores).
            path: 'no-stores',
            lazy: lazyComponent(
              () => import('../features/account/components/NoStoresPage'),
              (m) => m.NoStoresPage,
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
            // The buyer shell: top bar with Admin, Orders, cart and Log Out around every storefront page.
            path: 'storefront',
            lazy: lazyComponent(
              () => import('../features/storefront/components/BuyerShell'),
              (m) => m.BuyerShell,
            ),
            children: storefrontRoutes,
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
