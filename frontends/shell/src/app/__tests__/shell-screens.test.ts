import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { allScreens } from '../all-screens.ts';
import { createAppRoutes } from '../create-routes.tsx';
import { remotes } from '../remotes.ts';
import { SHELL_SCREENS } from '../shell-screens.ts';

describe('the shell screens the web server renders pages with', () => {
  it('are the screens of the shell’s own routes, the ones the browser’s app declares besides the remotes’', () => {
    const remotePaths = new Set(remotes.flatMap((remote) => remote.manifest.paths));
    const shellPaths = allScreens(createAppRoutes({ queryClient: new QueryClient() })).filter((path) => !remotePaths.has(path));
    expect([...SHELL_SCREENS].sort()).toEqual(shellPaths.sort());
  });
});
