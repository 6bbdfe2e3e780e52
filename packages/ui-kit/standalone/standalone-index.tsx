import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '@krom/ui-kit/container.tsx';
import type { RemoteRoute } from '@krom/ui-kit/remote-route.ts';

/** What a remote running on its own shows for a path it does not serve: links to the ones it does. */
export function StandaloneIndex({ name, routes }: { name: string; routes: RemoteRoute[] }) {
  return (
    <Page as="main">
      <h1>Krom {name} frontend (standalone)</h1>
      <p>This development build serves:</p>
      <ul>
        {routes.map((route) => (
          <li key={route.path}>
            <Link to={route.path}>{route.path}</Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}

const Page = styled(Container)`
  display: grid;
  gap: 12px;
  padding-top: 32px;
`;
