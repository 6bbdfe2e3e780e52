/**
 * The headings on the page that go down more than one level from the heading before them
 * (an h1 followed by an h3), as axe's `heading-order` rule reports them: `h3 "Accra → Kumasi"
 * after h1`. An empty list when the outline reads in order. jsdom runs no axe (no layout), so the
 * UI tests check this rule with this helper; the e2e phone checks see the real page.
 */
export function headingOrderSkips(root: ParentNode = document): string[] {
  const headings = [...root.querySelectorAll<HTMLElement>('h1, h2, h3, h4, h5, h6, [role="heading"]')].filter((heading) => !heading.closest('[hidden]'));
  const skips: string[] = [];
  let previous = 0;
  for (const heading of headings) {
    const level = heading.getAttribute('role') === 'heading' ? Number(heading.getAttribute('aria-level') ?? 2) : Number(heading.tagName.slice(1));
    if (previous > 0 && level > previous + 1) skips.push(`h${level} "${heading.textContent?.trim()}" after h${previous}`);
    previous = level;
  }
  return skips;
}
