import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Container } from '@krom/ui-kit/container.tsx';
import type { RemoteRoutesManifest } from '@krom/ui-kit/remote-route.ts';

/** What a remote running on its own shows for a path it does not serve: links to the ones it does. */
export function StandaloneIndex({ manifest }: { manifest: RemoteRoutesManifest }) {
  return (
    <Page as="main">
      <h1>Krom {manifest.name} frontend (standalone)</h1>
      <p>This development build serves:</p>
      <ul>
        {manifest.paths.map((pattern) => {
          // A prefix ('/admin/*') links to its start; a pattern with params is only listed.
          const path = pattern.replace(/\/\*$/, '') || '/';
          return <li key={pattern}>{path.includes(':') ? pattern : <Link to={path}>{pattern}</Link>}</li>;
        })}
      </ul>
    </Page>
  );
}

const Page = styled(Container)`
  display: grid;
  gap: 12px;
  padding-top: 32px;
`;
