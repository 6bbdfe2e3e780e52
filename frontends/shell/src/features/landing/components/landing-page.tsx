import { useAuth } from '@krom/ui-kit/current-user.ts';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { HeroSection } from './hero-section.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { LandingFooter } from './landing-footer.tsx';
import { LandingHeader } from './landing-header.tsx';
import { SafetySection } from './safety-section.tsx';
import { TestimonialsSection } from './testimonials-section.tsx';
import { WhyUseSection } from './why-use-section.tsx';

/**
 * Shown signed out from the first paint (it is also the HTML the build prerenders): the answer to
 * "who is signed in" arrives after, and only a signed-in visitor is then sent to the dashboard.
 * The web server sends this HTML without the app (static-pages.ts), with its own script doing the
 * same (static-landing.ts); the app renders it when a visitor comes back to `/` inside it.
 */
export function LandingPage() {
  const { isAuthenticated } = useAuth();
  const { hash } = useLocation();

  // A link straight to /#testimonials: scroll once the section exists.
  useEffect(() => {
    if (!isAuthenticated && hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [isAuthenticated, hash]);

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
