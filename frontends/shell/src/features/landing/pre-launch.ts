import { LAUNCH_META_NAME } from '../../launch-setting.ts';

/** Set only while the build renders the landing for one setting (prerender.tsx); the browser reads the web server's tag. */
let rendering: boolean | undefined;

/** Whether the web server marked this page pre-launch, or, in the build's prerender, which variant is being rendered. */
export function isPreLaunch(): boolean {
  if (rendering !== undefined) return rendering;
  return typeof document !== 'undefined' && document.querySelector(`meta[name="${LAUNCH_META_NAME}"]`)?.getAttribute('content') === 'pre-launch';
}

/** Build time: renders with the landing in one setting (the build renders the page for each, one after the other). */
export async function renderingWithLaunchSetting<T>(preLaunch: boolean, render: () => Promise<T>): Promise<T> {
  rendering = preLaunch;
  try {
    return await render();
  } finally {
    rendering = undefined;
  }
}
