import { Button } from '@krom/ui-kit/button.tsx';
import { Cluster } from '@krom/ui-kit/layout.tsx';
import styled from 'styled-components';
import { Section, SectionInner, SectionTitle } from './section.tsx';

const testimonials = [
  {
    name: 'Kwame Asante',
    when: '2 weeks ago',
    text: 'I go from Accra to Kumasi twice a month. Sharing the ride cut what I spend on transport almost in half, and my driver was right on time.',
  },
  {
    name: 'Abena Owusu',
    when: '1 month ago',
    text: 'I used to drive to Takoradi alone every weekend. Now my passengers cover the fuel and the journey goes much faster with company.',
  },
  {
    name: 'Esi Mensah',
    when: '3 days ago',
    text: 'Seeing the driver’s rating and verified badge before booking made me feel safe travelling on my own to Cape Coast.',
  },
];

export function TestimonialsSection() {
  return (
    <Section id="testimonials" aria-labelledby="testimonials-title" $tinted>
      <SectionInner>
        <Cluster $gap={16} $align="end" $justify="between">
          <div>
            <SectionTitle id="testimonials-title">What Our Community Says</SectionTitle>
            <Reviews>
              <FiveStars /> <strong>4K</strong> reviews
            </Reviews>
          </div>
          <Button $variant="secondary">View All</Button>
        </Cluster>
        <Cards>
          {testimonials.map((item) => (
            <Card key={item.name}>
              <Person>
                <Initial aria-hidden="true">{item.name.charAt(0)}</Initial>
                <div>
                  <Name>{item.name}</Name>
                  <When>{item.when}</When>
                </div>
              </Person>
              <FiveStars />
              <Quote>{item.text}</Quote>
            </Card>
          ))}
        </Cards>
      </SectionInner>
    </Section>
  );
}

function FiveStars() {
  return (
    <Stars role="img" aria-label="5 out of 5 stars">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg key={star} width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
          <path d="M12 2.8l2.8 5.8 6.3.9-4.6 4.4 1.1 6.3L12 17.2l-5.6 3 1.1-6.3L2.9 9.5l6.3-.9z" fill="currentColor" />
        </svg>
      ))}
    </Stars>
  );
}

const Reviews = styled.p`
  display: flex;
  align-items: center;
  gap: 6px;
  margin-top: 8px;
  color: ${({ theme }) => theme.color.muted};
`;

const Stars = styled.span`
  display: inline-flex;
  gap: 2px;
  color: ${({ theme }) => theme.color.star};
`;

const Cards = styled.ul`
  display: grid;
  gap: 12px;
  margin: 0;
  padding: 0;
  list-style: none;

  ${({ theme }) => theme.media.lg} {
    grid-template-columns: repeat(3, 1fr);
    gap: 16px;
  }
`;

const Card = styled.li`
  display: grid;
  gap: 12px;
  align-content: start;
  padding: 18px;
  border-radius: ${({ theme }) => theme.radius.lg};
  background: ${({ theme }) => theme.color.background};
  box-shadow: ${({ theme }) => theme.shadow.card};
`;

const Person = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Initial = styled.span`
  display: grid;
  place-items: center;
  width: 44px;
  height: 44px;
  border-radius: 50%;
  background: ${({ theme }) => theme.color.primary};
  color: ${({ theme }) => theme.color.onPrimary};
  font-weight: 700;
  font-size: 1.125rem;
`;

const Name = styled.p`
  font-weight: 600;
`;

const When = styled.p`
  font-size: 0.875rem;
  color: ${({ theme }) => theme.color.muted};
`;

const Quote = styled.p`
  color: ${({ theme }) => theme.color.text};
`;
