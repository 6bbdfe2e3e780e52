import { describe, expect, it } from 'vitest';
import { disabledUntilApp, liveControls } from '../build/prerender-manifest.ts';

/** Markup as react-dom/server writes it: attributes in prop order, a boolean one as `disabled=""`. */
const page = {
  html: '<form><input type="email" value=""/><button type="button">Show password</button><button type="submit" disabled="">Saving...</button><button type="submit">Log In</button></form>',
  styles: '',
};

describe('controls of a page sent before the app', () => {
  it('are disabled until React renders them, but for one the page disables itself, which stays as it is', () => {
    expect(disabledUntilApp(page).html).toBe(
      '<form><input disabled data-until-app type="email" value=""/><button disabled data-until-app type="button">Show password</button><button type="submit" disabled="">Saving...</button><button disabled data-until-app type="submit">Log In</button></form>',
    );
  });

  it('are live with the app on demand, but for the buttons that send a form, and those the page disables', () => {
    expect(liveControls(disabledUntilApp(page).html)).toBe(
      '<form><input type="email" value=""/><button type="button">Show password</button><button type="submit" disabled="">Saving...</button><button disabled data-until-app type="submit">Log In</button></form>',
    );
  });
});
