import { LAUNCH_META_NAME } from '../../launch-setting.ts';

/** Whether the web server marked this page pre-launch; false in the build's prerender, which has no document. */
export function isPreLaunch(): boolean {
  return typeof document !== 'undefined' && document.querySelector(`meta[name="${LAUNCH_META_NAME}"]`)?.getAttribute('content') === 'pre-launch';
}
