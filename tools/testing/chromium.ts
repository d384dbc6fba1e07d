// Debian's Chromium for Playwright (the e2e suite and the outage drill of npm run faults): the browser CDN is
// unreachable here. Without the network flags Chromium floods the closed network with refused connections.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
