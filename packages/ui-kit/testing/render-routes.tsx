import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router-dom';
import { AppProviders } from '../src/app-providers.tsx';
import { createQueryClient } from '../src/query-client.ts';

/**
 * Renders routes the way the app runs them (router, query cache with the spec's settings,
 * jotai store, theme, toasts) starting at `path`, for tests that use the screen like a person.
 */
export function renderRoutes(
  routes: RouteObject[] | ((queryClient: QueryClient) => RouteObject[]),
  path: string,
  /** Other router options, e.g. the shell's `patchRoutesOnNavigation`. */
  options: Omit<NonNullable<Parameters<typeof createMemoryRouter>[1]>, 'initialEntries'> = {},
) {
  const queryClient = createQueryClient();
  const router = createMemoryRouter(typeof routes === 'function' ? routes(queryClient) : routes, {
    ...options,
    initialEntries: [path],
  });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient} store={createStore()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient, user };
}
