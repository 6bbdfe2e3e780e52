/** The in-page sections the header, mobile menu and footer all link to. */
export const landingAnchors = [
  { id: 'how-it-works', label: 'How It Works' },
  { id: 'why-use-krom', label: 'Why Use Krom' },
  { id: 'testimonials', label: 'Testimonials' },
] as const;
