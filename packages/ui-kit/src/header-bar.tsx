import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from './container.tsx';

/** The sticky top bar of signed-out and signed-in pages: logo on the left, actions on the right. */
export function HeaderBar({ start, end }: { start: ReactNode; end?: ReactNode }) {
  return (
    <Bar>
      <Row>
        {start}
        {end ? <End>{end}</End> : null}
      </Row>
    </Bar>
  );
}

const Bar = styled.header`
  position: sticky;
  top: 0;
  z-index: ${({ theme }) => theme.layer.header};
  background: rgba(255, 255, 255, 0.96);
  border-bottom: 1px solid ${({ theme }) => theme.color.border};
`;

const Row = styled(Container)`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  min-height: 60px;
`;

const End = styled.div`
  display: flex;
  align-items: center;
  gap: 8px;
`;
