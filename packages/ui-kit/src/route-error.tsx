import { Button } from '@krom/ui-kit/button.tsx';
import { Container } from '@krom/ui-kit/container.tsx';
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import styled from 'styled-components';

/** Shown when a page's code cannot be loaded (often a dropped connection) or a page crashes. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('A page failed to load or render.', error);
  }, [error]);
  return (
    <Page>
      <h1>Something went wrong</h1>
      <p>This page could not be loaded. Check your connection and try again.</p>
      <Button onClick={() => window.location.reload()}>Try again</Button>
    </Page>
  );
}

const Page = styled(Container)`
  display: grid;
  justify-items: start;
  gap: 16px;
  padding-top: 64px;
  padding-bottom: 64px;
`;
