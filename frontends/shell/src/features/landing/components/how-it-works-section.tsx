import { useState } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from './icon.tsx';
import { Section, SectionInner, SectionLead, SectionTitle } from './section.tsx';

type Audience = 'riders' | 'drivers';
type Step = { icon: IconName; title: string; text: string };

const steps: Record<Audience, { heading: string; steps: Step[] }> = {
  riders: {
    heading: 'For Riders',
    steps: [
      { icon: 'search', title: 'Search your route', text: 'Tell us where you are leaving from, where you are going and when.' },
      {
        icon: 'compare',
        title: 'Compare drivers',
        text: 'See each driver’s profile, rating and verification before you choose.',
      },
      { icon: 'phone', title: 'Book and pay', text: 'Reserve your seat and pay from your phone in a few taps.' },
    ],
  },
  drivers: {
    heading: 'For Drivers',
    steps: [
      { icon: 'route', title: 'Post your ride', text: 'Add your departure, destination, date and time.' },
      { icon: 'coins', title: 'Set your price', text: 'Choose a price per passenger that covers your fuel.' },
      { icon: 'check', title: 'Confirm and go', text: 'Confirm the ride, accept your passengers and hit the road.' },
    ],
  },
};

/** Phones show one audience at a time (drivers first); wide screens show both side by side. */
export function HowItWorksSection() {
  const [audience, setAudience] = useState<Audience>('drivers');
  return (
    <Section id="how-it-works" aria-labelledby="how-it-works-title">
      <SectionInner>
        <SectionTitle id="how-it-works-title">How It Works</SectionTitle>
        <SectionLead>Three steps whether you are taking a seat or offering one.</SectionLead>
        <Toggle role="group" aria-label="Show steps for">
          {(['riders', 'drivers'] as const).map((option) => (
            <ToggleButton
              key={option}
              type="button"
              aria-pressed={audience === option}
              onClick={() => setAudience(option)}
            >
              {steps[option].heading}
            </ToggleButton>
          ))}
        </Toggle>
        <Columns>
          {(['riders', 'drivers'] as const).map((option) => (
            <Column key={option} $active={audience === option} aria-labelledby={`how-${option}`}>
              <ColumnTitle id={`how-${option}`}>{steps[option].heading}</ColumnTitle>
              <Steps>
                {steps[option].steps.map((step, index) => (
                  <StepItem key={step.title}>
                    <StepIcon>
                      <Icon name={step.icon} />
                    </StepIcon>
                    <div>
                      <StepTitle>
                        {index + 1}. {step.title}
                      </StepTitle>
                      <StepText>{step.text}</StepText>
                    </div>
                  </StepItem>
                ))}
              </Steps>
            </Column>
          ))}
        </Columns>
      </SectionInner>
    </Section>
  );
}

const Toggle = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr;
  padding: 4px;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: ${({ theme }) => theme.color.surface};
  border: 1px solid ${({ theme }) => theme.color.border};

  ${({ theme }) => theme.media.lg} {
    display: none;
  }
`;

const ToggleButton = styled.button`
  min-height: 44px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: transparent;
  font-weight: 600;
  color: ${({ theme }) => theme.color.muted};
  cursor: pointer;

  &[aria-pressed='true'] {
    background: ${({ theme }) => theme.color.primary};
    color: ${({ theme }) => theme.color.onPrimary};
  }
`;

const Columns = styled.div`
  display: grid;
  gap: 24px;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr 1fr;
    gap: 32px;
  }
`;

const Column = styled.section<{ $active: boolean }>`
  display: ${({ $active }) => ($active ? 'grid' : 'none')};
  gap: 16px;
  padding: 20px;
  border-radius: ${({ theme }) => theme.radius.lg};
  border: 1px solid ${({ theme }) => theme.color.border};

  ${({ theme }) => theme.media.lg} {
    display: grid;
    padding: 28px;
  }
`;

const ColumnTitle = styled.h3`
  font-size: 1.25rem;
`;

const Steps = styled.ol`
  display: grid;
  gap: 20px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const StepItem = styled.li`
  display: flex;
  gap: 14px;
  align-items: flex-start;
`;

const StepIcon = styled.span`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  flex: none;
  border-radius: ${({ theme }) => theme.radius.md};
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const StepTitle = styled.h4`
  font-size: 1.0625rem;
`;

const StepText = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;
