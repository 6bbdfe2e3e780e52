import styled from 'styled-components';

/** The reset rules of spec section 5, as a checklist that fills in while the person types. */
const rules: { text: string; met: (password: string) => boolean }[] = [
  { text: 'At least 8 characters', met: (password) => password.length >= 8 },
  { text: 'One uppercase letter', met: (password) => /[A-Z]/.test(password) },
  { text: 'One lowercase letter', met: (password) => /[a-z]/.test(password) },
  { text: 'One number', met: (password) => /\d/.test(password) },
];

export function PasswordRules({ password }: { password: string }) {
  return (
    <List aria-label="Password requirements">
      {rules.map((rule) => {
        const met = rule.met(password);
        return (
          <Rule key={rule.text} $met={met}>
            <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
              {met ? <path d="M4 9.5l3.2 3L14 5.5" /> : <circle cx="9" cy="9" r="5.5" />}
            </svg>
            <VisuallyHidden>{met ? 'Met: ' : 'Not met: '}</VisuallyHidden>
            {rule.text}
          </Rule>
        );
      })}
    </List>
  );
}

const List = styled.ul`
  display: grid;
  gap: 6px;
  margin: -4px 0 0;
  padding: 0;
  list-style: none;
  font-size: 0.9375rem;
`;

const Rule = styled.li<{ $met: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  color: ${({ $met, theme }) => ($met ? theme.color.primary : theme.color.muted)};

  svg {
    flex: none;
    fill: none;
    stroke: currentColor;
    stroke-width: ${({ $met }) => ($met ? 2.2 : 1.6)};
    stroke-linecap: round;
    stroke-linejoin: round;
  }
`;

const VisuallyHidden = styled.span`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip: rect(0 0 0 0);
  white-space: nowrap;
`;
