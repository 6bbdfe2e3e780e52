import lighthouse from 'lighthouse';
import { launch } from 'chrome-launcher';

/** Lighthouse's performance figures of one page: its score (0–100) and metrics in milliseconds. */
export type PageSpeed = { score: number; lcp: number; fcp: number; tbt: number; cls: number; speedIndex: number };

/**
 * Chromium as this machine runs it headless (its closed network refuses Google's background
 * calls), accepting the bench's throwaway self-signed certificate for the HTTP/2 pages.
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--ignore-certificate-errors',
];

/**
 * One Lighthouse run of `url` with its default settings: a mobile phone on simulated slow 4G
 * with a 4x slower CPU, a cold cache, signed out.
 */
async function lighthouseRun(port: number, url: string): Promise<PageSpeed> {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) throw new Error(`Lighthouse could not measure ${url}: ${lhr?.runtimeError?.message ?? 'no result'}`);
  const metric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndex: metric('speed-index'),
  };
}

/**
 * One run in a Chromium of its own: runs sharing one browser now and then lose the page load's
 * trace (NO_NAVSTART), so each starts afresh, and a run that still loses it is made once more.
 */
async function freshRun(chromePath: string, url: string): Promise<PageSpeed> {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({ chromePath, chromeFlags: CHROME_FLAGS });
    try {
      return await lighthouseRun(chrome.port, url);
    } catch (error) {
      if (attempt >= 2) throw error;
    } finally {
      chrome.kill();
    }
  }
}

/** Each figure's median over `runs` Lighthouse runs of each page. */
export async function medianPageSpeeds(chromePath: string, urls: string[], runs = 3): Promise<PageSpeed[]> {
  const medians: PageSpeed[] = [];
  for (const url of urls) {
    const all: PageSpeed[] = [];
    for (let i = 0; i < runs; i++) all.push(await freshRun(chromePath, url));
    const median = (pick: (r: PageSpeed) => number) => all.map(pick).sort((a, b) => a - b)[Math.floor(runs / 2)] ?? Number.NaN;
    medians.push({
      score: median((r) => r.score),
      lcp: median((r) => r.lcp),
      fcp: median((r) => r.fcp),
      tbt: median((r) => r.tbt),
      cls: median((r) => r.cls),
      speedIndex: median((r) => r.speedIndex),
    });
  }
  return medians;
}
