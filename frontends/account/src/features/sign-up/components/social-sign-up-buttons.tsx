import { Button } from '@krom/ui-kit/button.tsx';
import { useToast } from '@krom/ui-kit/toast-store.ts';
import { Stack } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';

type Provider = 'Google' | 'Facebook';

/** Simple marks drawn for Krom (a coloured initial in a ring), not the providers' artwork. */
const marks: Record<Provider, { color: string; initial: string }> = {
  Google: { color: '#1a73e8', initial: 'G' },
  Facebook: { color: '#1877f2', initial: 'f' },
};

/** Google and Facebook sign-up are announced, not offered yet (spec: a Coming Soon message). */
export function SocialSignUpButtons() {
  const { toast } = useToast();
  return (
    <Stack as="section" aria-label="Other ways to sign up">
      <Divider>
        <span>or</span>
      </Divider>
      <Row>
        {(Object.keys(marks) as Provider[]).map((provider) => (
          <Button
            key={provider}
            $variant="ghost"
            $block
            className="social"
            onClick={() => toast({ title: 'Coming Soon', description: `${provider} authentication will be available soon.` })}
          >
            <Mark aria-hidden="true" style={{ color: marks[provider].color }}>
              {marks[provider].initial}
            </Mark>
            {provider}
          </Button>
        ))}
      </Row>
    </Stack>
  );
}

const Divider = styled.p`
  display: flex;
  align-items: center;
  gap: 12px;
  color: ${({ theme }) => theme.color.muted};
  font-size: 0.875rem;

  &::before,
  &::after {
    content: '';
    flex: 1;
    height: 1px;
    background: ${({ theme }) => theme.color.border};
  }
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  gap: 12px;

  .social { border-color: ${({ theme }) => theme.color.border}; }
`;

const Mark = styled.span`
  display: grid;
  place-items: center;
  width: 24px;
  height: 24px;
  border: 2px solid currentColor;
  border-radius: 50%;
  font-weight: 800;
  font-size: 0.875rem;
  line-height: 1;
`;
