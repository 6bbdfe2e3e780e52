import type { User } from '@krom/contracts/http/auth';
import { SignedInFrame } from '@krom/ui-kit/signed-in-frame.tsx';
import type { ReactNode } from 'react';

/**
 * Loaded lazily by page-frame.tsx. A static import here (not a dynamic import of the kit module
 * itself) keeps the frame the federation's shared singleton: the plugin shares only modules
 * named in import declarations.
 */
export function SignedInPageFrame({ user, children }: { user: User; children: ReactNode }) {
  return <SignedInFrame user={user}>{children}</SignedInFrame>;
}
