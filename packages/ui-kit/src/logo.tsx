import styled from 'styled-components';

/** Krom's mark (a road bending between two towns) and wordmark; callers wrap it in a link. */
export function Logo({ inverted = false }: { inverted?: boolean }) {
  return (
    <Mark $inverted={inverted}>
      <svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path
          d="M9 24c0-6 14-5 14-11 0-2.5-2-4-4.5-4"
          fill="none"
          stroke="#f2b705"
          strokeWidth="3"
          strokeLinecap="round"
        />
        <circle cx="9" cy="24" r="2.6" fill="#fff" />
        <circle cx="18.5" cy="9" r="2.6" fill="#fff" />
      </svg>
      <span>Krom</span>
    </Mark>
  );
}

const Mark = styled.span<{ $inverted: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  font-size: 1.375rem;
  font-weight: 800;
  letter-spacing: -0.02em;
  color: ${({ theme }) => theme.color.primary};

  span { color: ${({ $inverted, theme }) => ($inverted ? theme.color.onPrimary : theme.color.text)}; }
`;
