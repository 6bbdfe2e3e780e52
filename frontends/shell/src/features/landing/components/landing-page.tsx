import { Spinner } from '@krom/ui-kit/spinner.tsx';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { useAuth } from '@krom/ui-kit/current-user.ts';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { SafetySection } from './safety-section.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { WhyUseSection } from './why-use-section.tsx';

export function LandingPage() {
  const { isLoading, isAuthenticated } = useAuth();
  const { hash } = useLocation();
  const showingContent = !isLoading && !isAuthenticated;

  // A link straight to /#testimonials arrives while the spinner shows; scroll once the section exists.
  useEffect(() => {
    if (showingContent && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [showingContent, hash]);

  if (isLoading) return <Spinner fullPage />;
  if (isAuthenticated) return <Navigate to="/dashboard" replace />;
  return (
    <>
      <LandingHeader signedIn={isAuthenticated} />
      <main>
        <HeroSection />
        <HowItWorksSection />
        <WhyUseSection />
        <SafetySection />
        <TestimonialsSection />
      </main>
      <LandingFooter />
    </>
  );
}
