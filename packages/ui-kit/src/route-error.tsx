import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import styled from 'styled-components';
import { Button } from './button.tsx';
import { Container } from './container.tsx';

/**
 * Shown when a page's code cannot be loaded (often a dropped connection) or a page crashes: the
 * shell's root and every remote's route subtree use it as their errorElement.
 */
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
