import styled from 'styled-components';
import { Icon, type IconName } from './icon.tsx';
import { Section, SectionInner, SectionLead, SectionTitle } from './section.tsx';

type Benefit = { icon: IconName; title: string; text: string };

const riderBenefits: Benefit[] = [
  { icon: 'coins', title: 'Save on transport', text: 'Share the cost of the trip and pay less than travelling alone.' },
  {
    icon: 'shield',
    title: 'Travel safely',
    text: 'Ride with verified drivers, rated by the community after every trip.',
  },
  { icon: 'phone', title: 'Book from your phone', text: 'Search, compare and book a seat in a few taps, anywhere.' },
];

const driverBenefits: Benefit[] = [
  { icon: 'coins', title: 'Earn extra income', text: 'Passengers pay toward the fuel for a trip you were making anyway.' },
  { icon: 'users', title: 'Meet good people', text: 'Share the road and a conversation with riders going your way.' },
  { icon: 'calendar', title: 'Drive on your schedule', text: 'Post a ride only when it suits you. No shifts, no targets.' },
];

export function WhyUseSection() {
  return (
    <Section id="why-use-krom" aria-labelledby="why-use-krom-title" $tinted>
      <SectionInner>
        <SectionTitle id="why-use-krom-title">Why Use Krom</SectionTitle>
        <SectionLead>Good for the people in the back seat, and for the person at the wheel.</SectionLead>
        <Groups>
          <BenefitGroup title="For Riders" benefits={riderBenefits} />
          <BenefitGroup title="For Drivers" benefits={driverBenefits} />
        </Groups>
      </SectionInner>
    </Section>
  );
}

function BenefitGroup({ title, benefits }: { title: string; benefits: Benefit[] }) {
  return (
    <div>
      <GroupTitle>{title}</GroupTitle>
      <Cards>
        {benefits.map((benefit) => (
          <Card key={benefit.title}>
            <CardIcon>
              <Icon name={benefit.icon} />
            </CardIcon>
            <div>
              <CardTitle>{benefit.title}</CardTitle>
              <CardText>{benefit.text}</CardText>
            </div>
          </Card>
        ))}
      </Cards>
    </div>
  );
}

const Groups = styled.div`
  display: grid;
  gap: 32px;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: 1fr 1fr;
  }
`;

const GroupTitle = styled.h3`
  margin-bottom: 12px;
  font-size: 1.25rem;
`;

const Cards = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Card = styled.li`
  display: flex;
  gap: 14px;
  padding: 16px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const CardIcon = styled.span`
  display: grid;
  place-items: center;
  width: 40px;
  height: 40px;
  flex: none;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primarySoft};
  color: ${({ theme }) => theme.color.primary};
`;

const CardTitle = styled.h4`
  font-size: 1.0625rem;
`;

const CardText = styled.p`
  color: ${({ theme }) => theme.color.muted};
`;
