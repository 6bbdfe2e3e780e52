/** The phone menu (a popover): its button and close button name it by this id. */
export const LANDING_MENU_ID = 'landing-menu';

/**
 * A tap on a link to a section of this page, inside the open menu, scrolls the page behind the
 * menu: the menu closes so the section shows. A popover stays open on a tap inside it, so this is
 * the one thing the menu does with a script (the app's onClick, the static landing's script).
 */
export function closeMenuAroundLink(link: Element): void {
  const menu = link.closest<HTMLElement>('[popover]');
  if (menu?.matches(':popover-open')) menu.hidePopover();
}
