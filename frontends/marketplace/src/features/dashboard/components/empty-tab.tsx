import { ButtonLink } from '@krom/ui-kit/button-link.tsx';
import styled from 'styled-components';

/** What a dashboard tab shows until there is something real to list. */
export function EmptyTab({ title, text, action }: { title: string; text: string; action?: { to: string; label: string } }) {
  return (
    <Empty>
      <strong>{title}</strong>
      <span>{text}</span>
      {action ? (
        <ButtonLink to={action.to} $variant="secondary">
          {action.label}
        </ButtonLink>
      ) : null}
    </Empty>
  );
}

const Empty = styled.div`
  display: grid;
  gap: 8px;
  justify-items: center;
  padding: 32px 16px;
  border: 1px dashed ${({ theme }) => theme.color.border};
  border-radius: ${({ theme }) => theme.radius.md};
  text-align: center;
  color: ${({ theme }) => theme.color.muted};

  strong { color: ${({ theme }) => theme.color.text}; font-size: 1.0625rem; }
  a { margin-top: 8px; }
`;
