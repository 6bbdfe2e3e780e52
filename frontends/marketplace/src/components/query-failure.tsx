import { Button } from '@krom/ui-kit/button.tsx';
import { Stack } from '@krom/ui-kit/layout.tsx';

/** A read that failed: what could not be loaded, and a way to ask again (nothing retries by itself on 3G). */
export function QueryFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Stack $gap={12}>
      <p role="alert">{message}</p>
      <div>
        <Button $variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Stack>
  );
}

