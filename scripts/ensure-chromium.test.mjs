import { describe, expect, it } from 'vitest';
import { chromiumPlan } from './ensure-chromium.mjs';

const only =
  (...present) =>
  (path) =>
    present.includes(path);

describe('chromiumPlan', () => {
  it('does nothing when both browsers are there', () => {
    const exists = only('/usr/bin/chromium', '/usr/bin/chromium-headless-shell');
    expect(chromiumPlan({ env: {}, exists, isRoot: true })).toEqual({ action: 'none' });
  });

  it('does nothing when CHROMIUM_PATH names the browser, even with none installed', () => {
    expect(chromiumPlan({ env: { CHROMIUM_PATH: '/opt/chrome' }, exists: only(), isRoot: false })).toEqual({
      action: 'none',
    });
  });

  it('installs only the missing packages as root', () => {
    expect(chromiumPlan({ env: {}, exists: only('/usr/bin/chromium'), isRoot: true })).toEqual({
      action: 'install',
      packages: ['chromium-headless-shell'],
    });
    expect(chromiumPlan({ env: {}, exists: only(), isRoot: true })).toEqual({
      action: 'install',
      packages: ['chromium', 'chromium-headless-shell'],
    });
  });

  it('names the command to run when it is not root', () => {
    expect(
      chromiumPlan({ env: {}, exists: only('/usr/bin/chromium-headless-shell'), isRoot: false }),
    ).toEqual({
      action: 'ask',
      command: 'sudo apt-get install -y chromium',
    });
  });
});
