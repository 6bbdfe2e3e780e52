import { Outlet, ScrollRestoration, useNavigation } from 'react-router-dom';
import styled, { keyframes } from 'styled-components';

/** Frame around every page: scroll handling and a thin bar while the next page's code loads. */
export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state === 'loading' ? <ProgressBar aria-hidden="true" /> : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const grow = keyframes`
  from { transform: scaleX(0.05); }
  to { transform: scaleX(0.9); }
`;

const ProgressBar = styled.div`
  position: fixed;
  top: 0;
  left: 0;
  right: 0;
  z-index: ${({ theme }) => theme.layer.toast};
  height: 3px;
  background: ${({ theme }) => theme.color.accent};
  transform-origin: left;
  animation: ${grow} 4s cubic-bezier(0.1, 0.7, 0.3, 1) forwards;
`;
