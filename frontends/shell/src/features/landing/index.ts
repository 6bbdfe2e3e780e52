/** What other features use of the landing: its footer, on Krom's text pages too. */
export { LandingFooter } from './components/landing-footer.tsx';
