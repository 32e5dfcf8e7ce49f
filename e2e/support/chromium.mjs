// The system Chromium the e2e suite and the browser benchmarks drive, and the flags it needs on
// these machines (no sandbox as root, no GPU, no background traffic on a closed network).
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
