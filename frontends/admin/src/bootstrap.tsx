import { mountStandaloneRemote } from '@krom/ui-kit/standalone/mount-remote.tsx';
import { routes } from './app/routes.tsx';

// Only when this remote runs on its own; inside the shell, the shell mounts these routes.
mountStandaloneRemote('admin', routes);
