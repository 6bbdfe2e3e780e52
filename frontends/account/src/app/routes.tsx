import type { RemoteRoute } from '@krom/ui-kit/remote-route.ts';

/** Exposed as 'account/routes'. Each screen's code loads only when its path is visited. */
export const routes: RemoteRoute[] = [
  {
    path: '/onboarding',
    lazy: () =>
      import('../features/onboarding/components/role-choice-page.tsx').then((m) => ({ Component: m.RoleChoicePage })),
  },
];
