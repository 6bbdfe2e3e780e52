import type { User } from '@krom/contracts/http/auth';
import { SignedInHeader as KitSignedInHeader } from '@krom/ui-kit/signed-in-frame.tsx';

/**
 * Loaded lazily by page-frame.tsx. A static import here (not a dynamic import of the kit module
 * itself) keeps the frame the federation's shared singleton: the plugin shares only modules
 * named in import declarations.
 */
export function SignedInHeader({ user }: { user: User }) {
  return <KitSignedInHeader user={user} />;
}
