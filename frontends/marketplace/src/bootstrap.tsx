import { mountStandaloneRemote } from '@krom/ui-kit/standalone/mount-remote.tsx';
import { routes } from './app/routes.tsx';
import { routesManifest } from './app/routes-manifest.ts';

// Only when this remote runs on its own; inside the shell, the shell mounts these routes.
mountStandaloneRemote(routesManifest, routes);
