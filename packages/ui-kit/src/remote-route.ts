import type { ComponentType } from 'react';

/**
 * What a remote frontend exposes as './routes': the paths it serves, each loading its screen
 * only when visited. The shell mounts these inside its own router; a remote running on its own
 * mounts them in a router of its own.
 */
export type RemoteRoute = {
  path: string;
  lazy: () => Promise<{ Component: ComponentType }>;
};

export type RemoteRouteModule = {
  routes: RemoteRoute[];
};
