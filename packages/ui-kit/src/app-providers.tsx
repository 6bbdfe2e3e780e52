import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type createStore, Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle } from './global-style.tsx';
import { theme } from './theme.ts';
import { Toaster } from './toaster.tsx';

type JotaiStore = ReturnType<typeof createStore>;

/**
 * Everything a Krom screen expects around it: state store, server cache, theme, base styles and
 * the toast region. The shell mounts it once; a remote mounts it only when running on its own.
 */
export function AppProviders({
  queryClient,
  store,
  children,
}: {
  queryClient: QueryClient;
  store: JotaiStore;
  children: ReactNode;
}) {
  return (
    <JotaiProvider store={store}>
      <QueryClientProvider client={queryClient}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          {children}
          <Toaster />
        </ThemeProvider>
      </QueryClientProvider>
    </JotaiProvider>
  );
}
