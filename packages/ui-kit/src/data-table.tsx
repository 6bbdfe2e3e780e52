import styled from 'styled-components';

/** Heading row of a panel: title on the left, actions on the right, wrapping on a phone. */
export const PanelHeader = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
  margin-bottom: 16px;
`;

export const PanelTitle = styled.h2`
  font-size: 1.25rem;
`;

/** Lets a wide table scroll sideways inside a 360 px screen instead of widening the page. */
export const TableScroll = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  -webkit-overflow-scrolling: touch;
`;

export const DataTable = styled.table`
  width: 100%;
  min-width: 560px;
  border-collapse: collapse;
  font-size: 0.9375rem;

  th, td {
    padding: 12px 14px;
    text-align: left;
    border-bottom: 1px solid ${({ theme }) => theme.color.border};
    white-space: nowrap;
  }
  th {
    background: ${({ theme }) => theme.color.surface};
    font-size: 0.8125rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.color.muted};
  }
  tbody tr:last-child td { border-bottom: 0; }
`;

export const EmptyCell = styled.td`
  && {
    padding: 32px 14px;
    text-align: center;
    color: ${({ theme }) => theme.color.muted};
  }
`;
