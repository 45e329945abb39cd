import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { lazyComponent } from './lazy';
import { RouteError } from './RouteError';

function routerWith(load: () => Promise<{ Page: () => React.ReactNode }>) {
  return createMemoryRouter([
    {
      path: '/',
      Component: Outlet,
      HydrateFallback: () => <p>loading</p>,
      errorElement: <RouteError />,
      children: [{ index: true, errorElement: <RouteError />, lazy: lazyComponent(load, (m) => m.Page) }],
    },
  ]);
}

describe('lazy routes', () => {
  it('render the loaded component', async () => {
    render(<RouterProvider router={routerWith(async () => ({ Page: () => <h1>Loaded page</h1> }))} />);
    expect(await screen.findByRole('heading', { name: 'Loaded page' })).toBeTruthy();
  });

  it('show the error page after a chunk failed again right after the reload', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.sessionStorage.setItem('cratebase.chunk_reload_at', String(Date.now()));
    const load = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
    render(<RouterProvider router={routerWith(load)} />);
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
    vi.restoreAllMocks();
  });

  it('show the error message of a route module that crashed', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<RouterProvider router={routerWith(() => Promise.reject(new Error('Route module crashed')))} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByText('Route module crashed')).toBeTruthy();
    vi.restoreAllMocks();
  });
});
