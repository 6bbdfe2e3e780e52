import { Button } from '@krom/ui-kit/button.tsx';
import styled from 'styled-components';

/** A read that failed: what could not be loaded, and a way to ask again (nothing retries by itself on 3G). */
export function QueryFailure({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Failure>
      <p role="alert">{message}</p>
      <div>
        <Button $variant="secondary" onClick={onRetry}>
          Try again
        </Button>
      </div>
    </Failure>
  );
}

const Failure = styled.div`
  display: grid;
  gap: 12px;
`;
